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

  public init(rows: [RowReport], findings: [Finding]) {
    self.rows = rows.count
    covered = rows.count { $0.status == .covered }
    incomplete = rows.count { $0.status == .incomplete }
    failing = rows.count { $0.status == .failing }
    unreachable = rows.count { $0.status == .unreachable }
    errors = findings.count { $0.severity == .error }
    warnings = findings.count { $0.severity == .warning }
    infos = findings.count { $0.severity == .info }
  }

  /// Reachable rows, the ones that can be covered.
  public var reachable: Int { rows - unreachable }
}
