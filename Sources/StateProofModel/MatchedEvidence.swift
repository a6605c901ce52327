/// A piece of evidence matched to a row or receipt, and the rule that matched it.
public struct MatchedEvidence: Codable, Sendable, Hashable, Comparable {
  public var kind: EvidenceKind
  public var root: String
  public var path: String
  /// Why it was matched.
  public var rule: AttributionRule
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

  /// Screenshots: the image's size and hash.
  public var width: Int?
  public var height: Int?
  public var sha256: String?
  /// Screenshots: the format read from the header.
  public var format: ImageFormat?
  /// Screenshots browsers cannot show (HEIC): the SHA-256 of the PNG made from the image for the
  /// HTML page, when the report folder holds one; nil when it could not be decoded, or no page was
  /// written. The original stays the ``asset``.
  public var displaySha256: String?
  /// HEIC screenshots a written page could not show: why (`libheif is not installed here
  /// (install libheif1)`, a size above the pixel limit); nil otherwise.
  public var displayProblem: String?
  /// Screenshots: where the report folder stores the image, named by the output stage from the
  /// hash and format (so never read back from a file); nil until it is, and for other evidence.
  public package(set) var asset: String?
  /// Screenshots: the file the HTML page shows, the ``asset`` itself or for a HEIC the PNG made
  /// from it (``displaySha256``), named by the output stage; nil when there is none.
  public package(set) var display: String?
  /// Screenshots, only in the copy the HTML page renders from when it carries images itself
  /// (null in report.json): true on the first screenshot of the bytes the page shows (those of
  /// ``displaySha256``, else ``sha256``), which the page carries there; later ones with the same
  /// bytes have `embeddedElsewhere` and show that one.
  public var embedded: Bool?
  public var embeddedElsewhere: Bool?
  /// Screenshots from an attachments export: the attachment's name and its test.
  public var attachmentName: String?
  public var testIdentifier: String?
  /// The build it names (a seed's `dumpsys package` block, AGP's variant folder); nil when it
  /// names none.
  public var build: BuildIdentity?
  /// When it was collected, as it names it (a suite's `timestamp`, an Xcode run's start, an
  /// attachment's `timestamp`, a seed record's `time`); nil when it names none.
  public var time: EvidenceTime?

  public init(kind: EvidenceKind, root: String, path: String, rule: AttributionRule, device: String? = nil) {
    self.kind = kind
    self.root = root
    self.path = path
    self.rule = rule
    self.device = device
  }

  /// Screenshots: whether the page shows the image (a HEIC that could not be converted is only
  /// linked).
  public var inline: Bool? {
    guard kind == .screenshot else { return nil }
    return format.map { $0.isShownInline || displaySha256 != nil }
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

  private enum CodingKeys: String, CodingKey {
    case kind, root, path, rule, device, id, outcome, message, configuration, arguments, os
    case state, line, lineNumber, taken
    case asset, width, height, sha256, format, display, displaySha256, displayProblem, inline, embedded
    case embeddedElsewhere
    case attachmentName, testIdentifier, build, time
  }

  /// Reads what ``encode(to:)`` writes; `asset`, `display` and `inline` are not read back, they
  /// follow from the hashes and the format (the output stage names the files again).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kind = try container.decode(EvidenceKind.self, forKey: .kind)
    root = try container.decode(String.self, forKey: .root)
    path = try container.decode(String.self, forKey: .path)
    rule = try container.decode(AttributionRule.self, forKey: .rule)
    device = try container.decodeIfPresent(String.self, forKey: .device)
    id = try container.decodeIfPresent(String.self, forKey: .id)
    outcome = try container.decodeIfPresent(TestOutcome.self, forKey: .outcome)
    message = try container.decodeIfPresent(String.self, forKey: .message)
    configuration = try container.decodeIfPresent(String.self, forKey: .configuration)
    arguments = try container.decodeIfPresent(String.self, forKey: .arguments)
    os = try container.decodeIfPresent(String.self, forKey: .os)
    state = try container.decodeIfPresent(String.self, forKey: .state)
    line = try container.decodeIfPresent(String.self, forKey: .line)
    lineNumber = try container.decodeIfPresent(Int.self, forKey: .lineNumber)
    taken = try container.decodeIfPresent(Bool.self, forKey: .taken)
    width = try container.decodeIfPresent(Int.self, forKey: .width)
    height = try container.decodeIfPresent(Int.self, forKey: .height)
    sha256 = try container.decodeIfPresent(String.self, forKey: .sha256)
    format = try container.decodeIfPresent(ImageFormat.self, forKey: .format)
    displaySha256 = try container.decodeIfPresent(String.self, forKey: .displaySha256)
    displayProblem = try container.decodeIfPresent(String.self, forKey: .displayProblem)
    embedded = try container.decodeIfPresent(Bool.self, forKey: .embedded)
    embeddedElsewhere = try container.decodeIfPresent(Bool.self, forKey: .embeddedElsewhere)
    attachmentName = try container.decodeIfPresent(String.self, forKey: .attachmentName)
    testIdentifier = try container.decodeIfPresent(String.self, forKey: .testIdentifier)
    build = try container.decodeIfPresent(BuildIdentity.self, forKey: .build)
    time = try container.decodeIfPresent(EvidenceTime.self, forKey: .time)
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
    try container.encode(display, forKey: .display)
    try container.encode(displaySha256, forKey: .displaySha256)
    try container.encode(displayProblem, forKey: .displayProblem)
    try container.encode(inline, forKey: .inline)
    try container.encode(embedded, forKey: .embedded)
    try container.encode(embeddedElsewhere, forKey: .embeddedElsewhere)
    try container.encode(attachmentName, forKey: .attachmentName)
    try container.encode(testIdentifier, forKey: .testIdentifier)
    try container.encode(build, forKey: .build)
    try container.encode(time, forKey: .time)
  }
}
