/// One matrix row in the report: its definition, its status, the evidence and the findings.
public struct RowReport: Codable, Sendable {
  public var id: RowID
  public var permission: String
  public var state: String
  public var whatHappened: String
  public var appReads: String
  public var screen: String
  public var reachable: Bool
  public var reason: String?
  public var requires: [EvidenceKind]
  public var status: RowStatus
  public var evidence: [MatchedEvidence]
  public var findings: [Finding]

  public init(row: MatrixRow, status: RowStatus, evidence: [MatchedEvidence], findings: [Finding]) {
    id = row.id
    permission = row.id.permission
    state = row.id.state
    whatHappened = row.whatHappened
    appReads = row.appReads
    screen = row.screen
    reachable = row.reachable
    reason = row.reason
    requires = row.requires
    self.status = status
    self.evidence = evidence.sorted()
    self.findings = findings.sorted()
  }
}
