/// A report given to `verify --history`, checked against the history: its `report.json`, that
/// file's SHA-256, the line that records it (or the line of its release and time), and how it
/// stands.
public struct HistoryReportCheck: Codable, Sendable, Hashable {
  /// The `report.json` read, as found under the path given.
  public var path: String
  public var release: String?
  public var generatedAt: String?
  /// The SHA-256 of its bytes now.
  public var sha256: String
  /// The line that records it, or that records its release and time with another SHA-256.
  public var line: Int?
  /// The SHA-256 that line records.
  public var recordedSHA256: String?
  public var state: HistoryReportState
  /// What differs, for ``HistoryReportState/lineEdited``: the first field the line and the report
  /// disagree on.
  public var note: String?

  public init(
    path: String, release: String?, generatedAt: String?, sha256: String, line: Int?, recordedSHA256: String?,
    state: HistoryReportState, note: String? = nil
  ) {
    self.note = note
    self.path = path
    self.release = release
    self.generatedAt = generatedAt
    self.sha256 = sha256
    self.line = line
    self.recordedSHA256 = recordedSHA256
    self.state = state
  }

  private enum CodingKeys: String, CodingKey {
    case path, release, generatedAt, sha256, line, recordedSHA256, state, note
  }

  /// Writes every key, `null` included.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(release, forKey: .release)
    try container.encode(generatedAt, forKey: .generatedAt)
    try container.encode(sha256, forKey: .sha256)
    try container.encode(line, forKey: .line)
    try container.encode(recordedSHA256, forKey: .recordedSHA256)
    try container.encode(state, forKey: .state)
    try container.encode(note, forKey: .note)
  }
}
