import StateProofModel

/// The `Package [name]` blocks one seed log prints, whether or not they hold a runtime permission
/// line, and the packages dumpsys said it could not find: what tells the app's own block without
/// runtime lines, or a read-back of a package the device does not have, from a log of other apps
/// only.
package struct SeedPackageBlocks: Sendable, Hashable {
  /// The seed log.
  package var location: EvidenceLocation
  /// The packages whose block it prints, sorted.
  package var packages: [String]
  /// The packages of its `Unable to find package: NAME` lines, in the order asked.
  package var notFound: [String]

  package init(location: EvidenceLocation, packages: [String], notFound: [String] = []) {
    self.location = location
    self.packages = packages
    self.notFound = notFound
  }
}
