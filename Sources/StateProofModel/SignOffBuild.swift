/// The build a platform's sign-off was about: the build under test the configuration (or the
/// options) named, and the builds its evidence names.
public struct SignOffBuild: Codable, Sendable, Hashable {
  public var platform: Platform
  /// The build under test; nil when none was named.
  public var expected: BuildIdentity?
  /// Each build the platform's evidence names (without where it was named), sorted.
  public var named: [BuildIdentity]

  public init(platform: Platform, expected: BuildIdentity?, named: [BuildIdentity]) {
    self.platform = platform
    self.expected = expected
    self.named = named
  }

  /// `platform`'s builds in a report.
  public init(_ platform: PlatformReport) {
    self.init(
      platform: platform.platform, expected: platform.build.expected?.identity,
      named: Array(Set(platform.build.named.map(\.build.identity))).sorted())
  }

  private enum CodingKeys: String, CodingKey {
    case platform, expected, named
  }

  /// Writes every key, `null` included, so every line has the same shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(platform, forKey: .platform)
    try container.encode(expected, forKey: .expected)
    try container.encode(named, forKey: .named)
  }
}
