/// The options a report was made with, as `report.json` records them: the command line's and
/// the library's alike (`ReportOptions`), so a report made either way can be made again.
/// The configuration, the templates and the time are recorded beside them.
public struct RecordedOptions: Codable, Sendable, Hashable {
  /// Gaps accepted besides the configuration's `allow` list (`--allow`), each with its reason.
  public var allow: [Allowance]
  /// `--fail-on`: `error`, `warning` or `never`.
  public var failOn: String
  /// `--baseline`, as given.
  public var baseline: String?
  /// `--format`: the outputs written, sorted.
  public var formats: [String]
  /// `--embed-max-bytes`; nil when not given.
  public var embedMaxBytes: Int?
  /// `--single-file`.
  public var singleFile: Bool
  /// `--markdown-max-bytes`.
  public var markdownMaxBytes: Int
  /// `--html-url`.
  public var htmlURL: String

  public init(
    allow: [Allowance], failOn: String, baseline: String?, formats: [String], embedMaxBytes: Int?,
    singleFile: Bool, markdownMaxBytes: Int, htmlURL: String
  ) {
    self.allow = allow
    self.failOn = failOn
    self.baseline = baseline
    self.formats = formats.sorted()
    self.embedMaxBytes = embedMaxBytes
    self.singleFile = singleFile
    self.markdownMaxBytes = markdownMaxBytes
    self.htmlURL = htmlURL
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(allow, forKey: .allow)
    try container.encode(failOn, forKey: .failOn)
    try container.encode(baseline, forKey: .baseline)
    try container.encode(formats, forKey: .formats)
    try container.encode(embedMaxBytes, forKey: .embedMaxBytes)
    try container.encode(singleFile, forKey: .singleFile)
    try container.encode(markdownMaxBytes, forKey: .markdownMaxBytes)
    try container.encode(htmlURL, forKey: .htmlURL)
  }
}
