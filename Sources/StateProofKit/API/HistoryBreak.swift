/// What is wrong with a line of a history file, as `verify --history` names it.
public enum HistoryBreak: String, Codable, Sendable, CaseIterable {
  /// The line is not a sign-off record (edited into something else, cut, or blank).
  case notARecord = "not-a-record"
  /// The line's bytes are not those the next line chained to: it was changed after it was written.
  case edited
  /// Sign-offs are missing before the line: lines were removed.
  case removed
  /// The line's sign-off comes out of its order: lines were moved.
  case reordered
  /// The line repeats a sign-off or a report an earlier line records.
  case repeated
}
