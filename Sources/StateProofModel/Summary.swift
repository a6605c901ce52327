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
    let open = findings.filter { $0.accepted == nil }
    errors = open.count { $0.severity == .error }
    warnings = open.count { $0.severity == .warning }
    infos = open.count { $0.severity == .info }
    accepted = findings.count - open.count
  }

  /// Reachable rows, the ones that can be covered.
  public var reachable: Int { rows - unreachable }
}
