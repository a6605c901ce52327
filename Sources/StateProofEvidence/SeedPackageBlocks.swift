import StateProofModel

/// The `Package [name]` blocks one seed log prints, whether or not they hold a runtime permission
/// line: what tells the app's own block without runtime lines from a log of other apps only.
package struct SeedPackageBlocks: Sendable, Hashable {
  /// The seed log.
  package var location: EvidenceLocation
  /// The packages whose block it prints, sorted.
  package var packages: [String]

  package init(location: EvidenceLocation, packages: [String]) {
    self.location = location
    self.packages = packages
  }
}
