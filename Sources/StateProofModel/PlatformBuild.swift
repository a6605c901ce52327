/// Which build a platform's evidence is from, when and where it was collected: the build under
/// test as configured, the builds the evidence names, the time span it names, and its devices.
/// The report shows it beside the verdict.
public struct PlatformBuild: Codable, Sendable, Hashable {
  /// The build under test (`platforms.P.versionName`, `versionCode`, `variant`); nil when the
  /// configuration names none.
  public var expected: BuildIdentity?
  /// Each build the platform's evidence names (its version, version code or variant), sorted.
  public var named: [NamedBuild]
  /// Evidence files of the platform that name no build.
  public var filesWithoutBuild: Int
  /// The first and last time the platform's evidence names; nil when none names a time.
  public var collected: EvidenceSpan?
  /// Evidence files of the platform that name no time.
  public var filesWithoutTime: Int
  /// The devices the platform's evidence names (``SeenDevice/name``), sorted.
  public var devices: [String]

  public init(
    expected: BuildIdentity?, named: [NamedBuild] = [], filesWithoutBuild: Int = 0, collected: EvidenceSpan? = nil,
    filesWithoutTime: Int = 0, devices: [String] = []
  ) {
    self.expected = expected
    self.named = named
    self.filesWithoutBuild = filesWithoutBuild
    self.collected = collected
    self.filesWithoutTime = filesWithoutTime
    self.devices = devices.sorted()
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(expected, forKey: .expected)
    try container.encode(named, forKey: .named)
    try container.encode(filesWithoutBuild, forKey: .filesWithoutBuild)
    try container.encode(collected, forKey: .collected)
    try container.encode(filesWithoutTime, forKey: .filesWithoutTime)
    try container.encode(devices, forKey: .devices)
  }
}
