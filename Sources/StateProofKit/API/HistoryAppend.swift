/// What `report --history` did with the history file: the line its sign-off is on, and whether
/// this run wrote it or found it there already (the same `report.json`, by SHA-256).
public struct HistoryAppend: Sendable, Hashable {
  /// The history file, as given.
  public var file: String
  /// The line (1-based) that records the report.
  public var line: Int
  /// False when a line already recorded this very report, so none was added.
  public var appended: Bool
  /// The chain's links before the new line held; false when an earlier line was removed,
  /// reordered or edited (`stateproof verify --history` says which). The line is appended either
  /// way, chained to the last line as it is.
  public var chainIntact: Bool
}
