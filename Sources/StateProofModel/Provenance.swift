/// How a report was made: the StateProof version, the command line (or the library's options),
/// the configuration, any templates that replaced the shipped ones, and the day accepted gaps
/// were checked against. What an auditor needs to tell how the verdict came about, and to make
/// the report again.
public struct Provenance: Codable, Sendable, Hashable {
  /// The StateProof version that made the report.
  public var version: String
  /// The command line's arguments after `stateproof` (`report`, its options, the paths as
  /// given), without `--out DIR`: where a report is written is not how it was made. Nil when the
  /// report was made through the library, which `options` records.
  public var command: [String]?
  public var options: RecordedOptions
  public var configuration: ConfigurationRecord
  /// The templates, when `--templates` replaced shipped ones; nil for the shipped templates.
  public var templates: TemplateRecord?
  public var acceptanceDay: AcceptanceDay

  public init(
    version: String, command: [String]?, options: RecordedOptions, configuration: ConfigurationRecord,
    templates: TemplateRecord?, acceptanceDay: AcceptanceDay
  ) {
    self.version = version
    self.command = command
    self.options = options
    self.configuration = configuration
    self.templates = templates
    self.acceptanceDay = acceptanceDay
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(command, forKey: .command)
    try container.encode(options, forKey: .options)
    try container.encode(configuration, forKey: .configuration)
    try container.encode(templates, forKey: .templates)
    try container.encode(acceptanceDay, forKey: .acceptanceDay)
  }
}
