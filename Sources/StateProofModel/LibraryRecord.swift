/// An optional library the StateProof executable looked for when it made a report (`zstd`,
/// `sqlite`, `heif`), and the version it found: null when it was not installed, so what the run
/// could not read or show is explained by the report itself.
public struct LibraryRecord: Codable, Sendable, Hashable {
  public var name: String
  public var version: String?

  public init(name: String, version: String?) {
    self.name = name
    self.version = version
  }

  /// Every key, `null` included, so the schema is the same whatever the machine has.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(version, forKey: .version)
  }
}
