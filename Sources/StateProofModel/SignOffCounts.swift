/// A sign-off's rows counted by where they stand (``RowStanding``), and its open errors and
/// warnings: one point of the trend.
public struct SignOffCounts: Codable, Sendable, Hashable {
  public var rows: Int
  public var proven: Int
  public var failing: Int
  public var missing: Int
  public var accepted: Int
  public var unreachable: Int
  /// Open error findings, every platform and the receipts included.
  public var errors: Int
  /// Open warning findings.
  public var warnings: Int

  public init(
    rows: Int, proven: Int, failing: Int, missing: Int, accepted: Int, unreachable: Int, errors: Int, warnings: Int
  ) {
    self.rows = rows
    self.proven = proven
    self.failing = failing
    self.missing = missing
    self.accepted = accepted
    self.unreachable = unreachable
    self.errors = errors
    self.warnings = warnings
  }

  /// `rows` counted by standing, with the open findings' counts from `summary`.
  public init(rows: [SignOffRow], summary: Summary) {
    var counts: [RowStanding: Int] = [:]
    for row in rows { counts[row.standing, default: 0] += 1 }
    self.init(
      rows: rows.count, proven: counts[.proven] ?? 0, failing: counts[.failing] ?? 0, missing: counts[.missing] ?? 0,
      accepted: counts[.accepted] ?? 0, unreachable: counts[.unreachable] ?? 0, errors: summary.errors,
      warnings: summary.warnings)
  }

  /// Reachable rows: those a trend draws.
  public var reachable: Int { rows - unreachable }

  private enum CodingKeys: String, CodingKey {
    case rows, proven, failing, missing, accepted, unreachable, errors, warnings
  }

  /// Writes every key, so every line has the same shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rows, forKey: .rows)
    try container.encode(proven, forKey: .proven)
    try container.encode(failing, forKey: .failing)
    try container.encode(missing, forKey: .missing)
    try container.encode(accepted, forKey: .accepted)
    try container.encode(unreachable, forKey: .unreachable)
    try container.encode(errors, forKey: .errors)
    try container.encode(warnings, forKey: .warnings)
  }
}
