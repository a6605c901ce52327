import StateProofModel

/// A package whose block declares the shared user a seed line was printed under
/// (`sharedUser=SharedUserSetting{… name/uid}`), and whether it is installed for the line's user.
package struct SharedUserMember: Codable, Sendable, Hashable {
  package var package: String
  /// The `installed=` of the package's `User N:` line for the seed line's user; nil when the log
  /// does not say.
  package var installed: Bool?
  /// The build the package's own block names (`versionName=`, `versionCode=`).
  package var build: BuildIdentity?

  package init(package: String, installed: Bool? = nil, build: BuildIdentity? = nil) {
    self.package = package
    self.installed = installed
    self.build = build
  }
}
