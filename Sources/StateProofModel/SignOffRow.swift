/// One row of the matrix at one sign-off, as a history line keeps it: its id, the report's status
/// for it and whether the errors that keep it from covered were all accepted.
public struct SignOffRow: Codable, Sendable, Hashable {
  public var id: RowID
  public var status: RowStatus
  /// True when the row is incomplete or failing and every error finding on it was accepted as a
  /// known gap (there is at least one accepted finding and no open error).
  public var accepted: Bool

  public init(id: RowID, status: RowStatus, accepted: Bool) {
    self.id = id
    self.status = status
    self.accepted = accepted
  }

  /// The row of a report: `accepted` when its status is a gap, none of its errors is open and
  /// one of its findings was accepted.
  public init(_ row: RowReport) {
    let gap = row.status == .incomplete || row.status == .failing
    let openError = row.findings.contains { $0.accepted == nil && $0.severity == .error }
    let anyAccepted = row.findings.contains { $0.accepted != nil }
    self.init(id: row.id, status: row.status, accepted: gap && !openError && anyAccepted)
  }

  /// Where it stands in the words a trend counts.
  public var standing: RowStanding {
    switch status {
    case .covered: .proven
    case .unreachable: .unreachable
    case .failing: accepted ? .accepted : .failing
    case .incomplete: accepted ? .accepted : .missing
    }
  }

  private enum CodingKeys: String, CodingKey {
    case id, status, accepted
  }

  /// Writes every key, so every line has the same shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(status, forKey: .status)
    try container.encode(accepted, forKey: .accepted)
  }
}
