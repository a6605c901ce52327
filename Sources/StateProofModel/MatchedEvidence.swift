/// A piece of evidence matched to a row or receipt, and the rule that matched it.
public struct MatchedEvidence: Codable, Sendable, Hashable, Comparable {
  public var kind: EvidenceKind
  public var root: String
  public var path: String
  /// Why it was matched, e.g. `config-selector`, `config-glob`, `attached-to-test`, `convention`,
  /// `permission-and-state`.
  public var rule: String
  public var device: String?

  /// Tests: `classname#name` and the outcome.
  public var id: String?
  public var outcome: TestOutcome?
  public var message: String?
  /// Tests from xcresulttool's JSON: the test-plan configuration, the arguments of a
  /// parameterised run, and the device's system (`iOS Simulator 18.6 (22G86)`).
  public var configuration: String?
  public var arguments: String?
  public var os: String?

  /// Seeds: the classified state, the raw line and its line number.
  public var state: String?
  public var line: String?
  public var lineNumber: Int?
  /// Seeds: whether the seed step got the state it wanted.
  public var taken: Bool?

  /// Screenshots: where the report stores the image, its size and hash.
  public var asset: String?
  public var width: Int?
  public var height: Int?
  public var sha256: String?
  /// Screenshots: the format, and whether browsers show it inline (HEIC is only linked).
  public var format: ImageFormat?
  public var inline: Bool?
  /// Screenshots, only in the copy `index.html` renders from with `--embed-max-bytes` or
  /// `--single-file` (null in report.json): the image as a `data:` URI, on the first screenshot
  /// with these bytes; later ones have `embeddedElsewhere` and show that one (`#image-SHA256`).
  public var embedded: String?
  public var embeddedElsewhere: Bool?
  /// Screenshots from an attachments export: the attachment's name and its test.
  public var attachmentName: String?
  public var testIdentifier: String?

  public init(kind: EvidenceKind, root: String, path: String, rule: String, device: String? = nil) {
    self.kind = kind
    self.root = root
    self.path = path
    self.rule = rule
    self.device = device
  }

  public static func < (lhs: MatchedEvidence, rhs: MatchedEvidence) -> Bool {
    (lhs.kind, lhs.root, lhs.path, lhs.lineNumber ?? 0, lhs.id ?? "", lhs.runKey)
      < (rhs.kind, rhs.root, rhs.path, rhs.lineNumber ?? 0, rhs.id ?? "", rhs.runKey)
  }

  /// The device, then what tells apart two runs of one test on it (the configuration, a
  /// parameterised test's arguments), so sorting never depends on the order items arrived in.
  private var runKey: String {
    [device ?? "", configuration ?? "", arguments ?? ""].joined(separator: "\u{0}")
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(root, forKey: .root)
    try container.encode(path, forKey: .path)
    try container.encode(rule, forKey: .rule)
    try container.encode(device, forKey: .device)
    try container.encode(id, forKey: .id)
    try container.encode(outcome, forKey: .outcome)
    try container.encode(message, forKey: .message)
    try container.encode(configuration, forKey: .configuration)
    try container.encode(arguments, forKey: .arguments)
    try container.encode(os, forKey: .os)
    try container.encode(state, forKey: .state)
    try container.encode(line, forKey: .line)
    try container.encode(lineNumber, forKey: .lineNumber)
    try container.encode(taken, forKey: .taken)
    try container.encode(asset, forKey: .asset)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(sha256, forKey: .sha256)
    try container.encode(format, forKey: .format)
    try container.encode(inline, forKey: .inline)
    try container.encode(embedded, forKey: .embedded)
    try container.encode(embeddedElsewhere, forKey: .embeddedElsewhere)
    try container.encode(attachmentName, forKey: .attachmentName)
    try container.encode(testIdentifier, forKey: .testIdentifier)
  }
}
