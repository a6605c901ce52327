/// Counts a reader takes in at a glance: rows by status, findings by severity.
public struct Summary: Codable, Sendable, Equatable {
  public var rows: Int
  public var covered: Int
  public var incomplete: Int
  public var failing: Int
  public var unreachable: Int
  public var errors: Int
  public var warnings: Int
  public var infos: Int
  /// Findings accepted as known gaps; they are not counted in `errors`, `warnings` or `infos`.
  public var accepted: Int

  public init(rows: [RowReport], findings: [Finding]) {
    self.rows = rows.count
    covered = rows.count { $0.status == .covered }
    incomplete = rows.count { $0.status == .incomplete }
    failing = rows.count { $0.status == .failing }
    unreachable = rows.count { $0.status == .unreachable }
    // Counted in one pass, never copied: a report of a million unreadable files has a million.
    (errors, warnings, infos, accepted) = (0, 0, 0, 0)
    for finding in findings {
      guard finding.accepted == nil else {
        accepted += 1
        continue
      }
      switch finding.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .info: infos += 1
      }
    }
  }

  /// Reachable rows, the ones that can be covered.
  public var reachable: Int { rows - unreachable }
}
