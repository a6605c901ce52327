/// The configuration a report was decided by: where it came from, its bytes' hash, the
/// configuration itself (normalised), and how it departs from the built-in matrix.
public struct ConfigurationRecord: Codable, Sendable, Hashable {
  /// The file as given or found (`examples/scanner/stateproof.json`); nil for the built-in matrix.
  public var file: String?
  public var source: ConfigurationSource
  /// The SHA-256 of the file's bytes as read; nil for the built-in matrix.
  public var sha256: String?
  /// Other configuration files that could have applied (the working folder's, one at the top of
  /// an evidence path) and differ from the one used; each is also a `config-shadowed` warning.
  public var shadowed: [String]
  /// The configuration, comments removed and keys sorted (`{}` for the built-in matrix): read
  /// back as a `stateproof.json`, it decides the same rows.
  public var settings: ConfigurationValue
  /// Every way it departs from the built-in matrix, by row.
  public var deviations: [ConfigurationDeviation]

  public init(
    file: String?, source: ConfigurationSource, sha256: String?, shadowed: [String] = [],
    settings: ConfigurationValue, deviations: [ConfigurationDeviation] = []
  ) {
    self.file = file
    self.source = source
    self.sha256 = sha256
    self.shadowed = shadowed
    self.settings = settings
    self.deviations = deviations.sorted()
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encode(source, forKey: .source)
    try container.encode(sha256, forKey: .sha256)
    try container.encode(shadowed, forKey: .shadowed)
    try container.encode(settings, forKey: .settings)
    try container.encode(deviations, forKey: .deviations)
  }
}
