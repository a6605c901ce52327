/// How a report given to `verify --history` stands against the history's lines.
public enum HistoryReportState: String, Codable, Sendable, CaseIterable {
  /// A line records its `report.json`'s SHA-256, its attestation's, and says of its sign-off
  /// what the report says (verdict, rows, receipts, accepted gaps, builds).
  case matches
  /// A line records its `report.json`'s SHA-256 but says something else of it (a status, a
  /// reason, the verdict), or another SHA-256 of its attestation: the line was edited.
  case lineEdited = "line-edited"
  /// A line of the same release and time records another SHA-256: the report or the line changed.
  case differs
  /// No line records it, nor one of its release and time: its line was removed, or it was never
  /// signed off with this history.
  case notInHistory = "not-in-history"
}
