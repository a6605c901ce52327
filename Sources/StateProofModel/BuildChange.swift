/// A platform whose build changed since the last sign-off (`--baseline`): the build under test
/// as configured, else the builds its evidence named, then and now.
public struct BuildChange: Codable, Sendable, Hashable {
  public var platform: Platform
  /// The baseline's build, e.g. `4.1.0 (410) release`; several are joined with `, `.
  public var from: String
  public var to: String

  public init(platform: Platform, from: String, to: String) {
    self.platform = platform
    self.from = from
    self.to = to
  }
}
