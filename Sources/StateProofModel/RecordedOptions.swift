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
  /// `--attestation`: whether the in-toto attestation was written.
  public var attestation: Bool
  /// `--embed-max-bytes`; nil when not given.
  public var embedMaxBytes: Int?
  /// `--single-file`.
  public var singleFile: Bool
  /// `--markdown-max-bytes`.
  public var markdownMaxBytes: Int
  /// `--html-url`.
  public var htmlURL: String
  /// `--built-at`: the candidate's build time the evidence window is measured back from, in UTC
  /// (`2025-11-24T17:00:00Z`); nil when not given.
  public var builtAt: String?
  /// The build under test given in place of the configuration's, by platform (`android`, `ios`;
  /// one naming nothing clears the configured build); empty when none is given.
  public var builds: [String: BuildIdentity]
  /// The evidence window given in place of the configuration's `window`; nil when none is given.
  public var window: EvidenceWindow?
  /// `--max-attachment-bytes`: the most bytes the run decoded from result bundles' attachments;
  /// nil in a report made before it was recorded (the default applied).
  public var maxAttachmentBytes: Int?

  public init(
    allow: [Allowance], failOn: String, baseline: String?, formats: [String], attestation: Bool = false,
    embedMaxBytes: Int?, singleFile: Bool, markdownMaxBytes: Int, htmlURL: String, builtAt: String? = nil,
    builds: [String: BuildIdentity] = [:], window: EvidenceWindow? = nil, maxAttachmentBytes: Int? = nil
  ) {
    self.maxAttachmentBytes = maxAttachmentBytes
    self.allow = allow
    self.failOn = failOn
    self.baseline = baseline
    self.formats = formats.sorted()
    self.attestation = attestation
    self.embedMaxBytes = embedMaxBytes
    self.singleFile = singleFile
    self.markdownMaxBytes = markdownMaxBytes
    self.htmlURL = htmlURL
    self.builtAt = builtAt
    self.builds = builds
    self.window = window
  }

  private enum CodingKeys: String, CodingKey {
    case allow, failOn, baseline, formats, attestation, embedMaxBytes, singleFile, markdownMaxBytes, htmlURL, builtAt
    case builds, window, maxAttachmentBytes
  }

  /// Reads a record back; `attestation`, `builtAt`, `builds` and `window` may be missing (a
  /// report from before they were recorded), as if not given.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    allow = try container.decode([Allowance].self, forKey: .allow)
    failOn = try container.decode(String.self, forKey: .failOn)
    baseline = try container.decodeIfPresent(String.self, forKey: .baseline)
    formats = try container.decode([String].self, forKey: .formats)
    attestation = try container.decodeIfPresent(Bool.self, forKey: .attestation) ?? false
    embedMaxBytes = try container.decodeIfPresent(Int.self, forKey: .embedMaxBytes)
    singleFile = try container.decode(Bool.self, forKey: .singleFile)
    markdownMaxBytes = try container.decode(Int.self, forKey: .markdownMaxBytes)
    htmlURL = try container.decode(String.self, forKey: .htmlURL)
    builtAt = try container.decodeIfPresent(String.self, forKey: .builtAt)
    builds = try container.decodeIfPresent([String: BuildIdentity].self, forKey: .builds) ?? [:]
    window = try container.decodeIfPresent(EvidenceWindow.self, forKey: .window)
    maxAttachmentBytes = try container.decodeIfPresent(Int.self, forKey: .maxAttachmentBytes)
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(allow, forKey: .allow)
    try container.encode(attestation, forKey: .attestation)
    try container.encode(failOn, forKey: .failOn)
    try container.encode(baseline, forKey: .baseline)
    try container.encode(formats, forKey: .formats)
    try container.encode(embedMaxBytes, forKey: .embedMaxBytes)
    try container.encode(singleFile, forKey: .singleFile)
    try container.encode(markdownMaxBytes, forKey: .markdownMaxBytes)
    try container.encode(htmlURL, forKey: .htmlURL)
    try container.encode(builtAt, forKey: .builtAt)
    try container.encode(builds, forKey: .builds)
    try container.encode(window, forKey: .window)
    try container.encode(maxAttachmentBytes, forKey: .maxAttachmentBytes)
  }
}
