/// A build a platform's evidence names, and how many files name it.
public struct NamedBuild: Codable, Sendable, Hashable {
  /// What the evidence names (without where: the files say so).
  public var build: BuildIdentity
  public var files: Int
  /// Whether it contradicts nothing the configuration names of the build under test; nil when
  /// no build is configured.
  public var expected: Bool?

  public init(build: BuildIdentity, files: Int, expected: Bool?) {
    self.build = build
    self.files = files
    self.expected = expected
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(build, forKey: .build)
    try container.encode(files, forKey: .files)
    try container.encode(expected, forKey: .expected)
  }
}
