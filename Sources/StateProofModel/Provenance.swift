/// How a report was made: the StateProof version, the command line (or the library's options),
/// the configuration, any templates that replaced the shipped ones, and the day accepted gaps
/// were checked against. What an auditor needs to tell how the verdict came about, and to make
/// the report again.
public struct Provenance: Codable, Sendable, Hashable {
  /// The StateProof version that made the report.
  public var version: String
  /// The binary that made it: its commit and SHA-256. Nil in a report made before they were
  /// recorded.
  public var build: ToolBuild?
  /// The command line's arguments after `stateproof` (`report`, its options, the paths as
  /// given), without `--out DIR`: where a report is written is not how it was made. Nil when the
  /// report was made through the library, which `options` records.
  public var command: [String]?
  public var options: RecordedOptions
  public var configuration: ConfigurationRecord
  /// The templates, when `--templates` replaced shipped ones; nil for the shipped templates.
  public var templates: TemplateRecord?
  /// The shipped templates' digest (the SHA-256 of `sha256sum`'s lines for their files, in the
  /// order of their names' bytes), so `verify` tells a page made with other templates from a page
  /// edited. Nil in a report made before it was recorded.
  public var shippedTemplates: String?
  public var acceptanceDay: AcceptanceDay

  public init(
    version: String, build: ToolBuild? = nil, command: [String]?, options: RecordedOptions,
    configuration: ConfigurationRecord, templates: TemplateRecord?, shippedTemplates: String? = nil,
    acceptanceDay: AcceptanceDay
  ) {
    self.version = version
    self.build = build
    self.shippedTemplates = shippedTemplates
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
    try container.encode(build, forKey: .build)
    try container.encode(command, forKey: .command)
    try container.encode(options, forKey: .options)
    try container.encode(configuration, forKey: .configuration)
    try container.encode(templates, forKey: .templates)
    try container.encode(shippedTemplates, forKey: .shippedTemplates)
    try container.encode(acceptanceDay, forKey: .acceptanceDay)
  }
}
