/// One sign-off as a line of the history file (`report --history FILE`, JSON Lines): what was
/// signed off (app, release, time, builds), the verdict, where every row and receipt stood, the
/// gaps accepted with their reasons and end dates, the SHA-256 of the report's `report.json` and
/// attestation, and the SHA-256 of the line before it, so the file is a hash chain: a line
/// removed, reordered or edited breaks the link after it (`verify --history`).
public struct SignOffRecord: Codable, Sendable, Hashable {
  /// The line format's version; it goes up when a field is removed or changes meaning.
  public static let currentSchemaVersion = 1
  /// What the first line chains to: 64 zeros, the SHA-256 of no line.
  public static let genesis = String(repeating: "0", count: 64)

  public var schemaVersion: Int
  /// Its place in the chain, from 1: the line's number in a file nobody edited.
  public var signOff: Int
  /// The SHA-256 of the line before it (its bytes without the newline), or ``genesis``.
  public var previousSHA256: String
  /// The StateProof version that wrote the line.
  public var stateproof: String
  public var app: String?
  public var release: String?
  /// The report's time (`--generated-at`, `SOURCE_DATE_EPOCH`), as it printed it; nil when none.
  public var generatedAt: String?
  /// The candidate's build time (`--built-at`), in UTC; nil when not given.
  public var builtAt: String?
  /// Each platform's build under test and the builds its evidence names.
  public var builds: [SignOffBuild]
  public var verdict: Verdict
  public var counts: SignOffCounts
  /// Each platform's receipt.
  public var receipts: [SignOffReceipt]
  /// Every row of the matrix, in the report's order.
  public var rows: [SignOffRow]
  /// The known gaps accepted, with reasons and end dates.
  public var accepted: [SignOffAcceptance]
  /// The SHA-256 of the report's `report.json`: the anchor every other file is made from.
  public var reportSHA256: String
  /// The SHA-256 of `attestation.intoto.json`, when the report wrote one.
  public var attestationSHA256: String?

  /// What a report says of its sign-off, not yet placed in a chain (``signOff`` 0,
  /// ``previousSHA256`` the genesis value) and without digests.
  public init(report: Report, version: String) {
    schemaVersion = Self.currentSchemaVersion
    signOff = 0
    previousSHA256 = Self.genesis
    stateproof = version
    app = report.app
    release = report.release
    generatedAt = report.generatedAt
    builtAt = report.builtAt
    builds = report.platforms.map(SignOffBuild.init)
    verdict = report.verdict
    rows = report.platforms.flatMap { $0.rows.map(SignOffRow.init) }
    counts = SignOffCounts(rows: rows, summary: report.summary)
    receipts = report.platforms.map { SignOffReceipt($0, findings: report.findings, accepted: report.accepted) }
    accepted = SignOffAcceptance.summarizing(report.accepted)
    reportSHA256 = ""
    attestationSHA256 = nil
  }

  /// Whether `other` says the same of the same sign-off as this one, whatever its place in the
  /// chain and its digests: a candidate for the line a report already has.
  public func sameSignOff(as other: SignOffRecord) -> Bool {
    func unplaced(_ record: SignOffRecord) -> SignOffRecord {
      var record = record
      record.signOff = 0
      record.previousSHA256 = ""
      record.stateproof = ""
      record.reportSHA256 = ""
      record.attestationSHA256 = nil
      return record
    }
    return unplaced(self) == unplaced(other)
  }

  /// The release as a trend labels it: the release, else the sign-off's number.
  public var label: String { release ?? "sign-off \(signOff)" }

  private enum CodingKeys: String, CodingKey {
    case schemaVersion, signOff, previousSHA256, stateproof, app, release, generatedAt, builtAt, builds, verdict, counts
    case receipts, rows, accepted, reportSHA256, attestationSHA256
  }

  /// Writes every key, `null` included, so every line has the same shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schemaVersion, forKey: .schemaVersion)
    try container.encode(signOff, forKey: .signOff)
    try container.encode(previousSHA256, forKey: .previousSHA256)
    try container.encode(stateproof, forKey: .stateproof)
    try container.encode(app, forKey: .app)
    try container.encode(release, forKey: .release)
    try container.encode(generatedAt, forKey: .generatedAt)
    try container.encode(builtAt, forKey: .builtAt)
    try container.encode(builds, forKey: .builds)
    try container.encode(verdict, forKey: .verdict)
    try container.encode(counts, forKey: .counts)
    try container.encode(receipts, forKey: .receipts)
    try container.encode(rows, forKey: .rows)
    try container.encode(accepted, forKey: .accepted)
    try container.encode(reportSHA256, forKey: .reportSHA256)
    try container.encode(attestationSHA256, forKey: .attestationSHA256)
  }
}
