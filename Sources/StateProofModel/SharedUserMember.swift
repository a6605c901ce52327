/// A package whose block declares the shared user a seed line was printed under
/// (`sharedUser=SharedUserSetting{… name/uid}`), and whether it is installed for the line's user.
package struct SharedUserMember: Codable, Sendable, Hashable {
  public var package: String
  /// The `installed=` of the package's `User N:` line for the seed line's user; nil when the log
  /// does not say.
  public var installed: Bool?

  public init(package: String, installed: Bool? = nil) {
    self.package = package
    self.installed = installed
  }
}
