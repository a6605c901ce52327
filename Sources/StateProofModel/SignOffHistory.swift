/// Every sign-off a history file holds, oldest first, each with the SHA-256 of its line: what
/// `stateproof history` renders and `report --history` draws its trend from. Read it with
/// `SignOffHistory(contentsOf:)` (StateProofKit), which reads the file as untrusted input.
public struct SignOffHistory: Sendable {
  /// The sign-offs, in the file's order.
  public var records: [SignOffRecord]
  /// The SHA-256 of each record's line (its bytes without the newline), in the same order: what
  /// the line after it must name as ``SignOffRecord/previousSHA256``.
  public var lineSHA256: [String]

  public init(records: [SignOffRecord], lineSHA256: [String]) {
    precondition(records.count == lineSHA256.count, "one digest per line")
    self.records = records
    self.lineSHA256 = lineSHA256
  }

  /// An empty history (a file not written yet).
  public init() {
    self.init(records: [], lineSHA256: [])
  }

  /// The first line (1-based) whose link to the line before it is broken: its `previousSHA256`
  /// is not the SHA-256 of that line (the genesis value for the first), or its `signOff` is not
  /// its place; nil when the chain holds. `verify --history` says what is wrong, and where.
  public var firstBrokenLine: Int? {
    for (index, record) in records.enumerated() {
      let previous = index == 0 ? SignOffRecord.genesis : lineSHA256[index - 1]
      if record.previousSHA256 != previous || record.signOff != index + 1 { return index + 1 }
    }
    return nil
  }
}
