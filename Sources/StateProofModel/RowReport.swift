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
  /// The OS versions the row applies to ("Android 13 and later"); nil when it applies to all.
  public var os: String?
  /// Which of the app's declarations decided whether the row is reachable, and where it was
  /// declared; nil when none did.
  public var declaration: String?
  public var requires: [EvidenceKind]
  public var status: RowStatus
  public var evidence: [MatchedEvidence]
  public var findings: [Finding]
  /// With `perDevice`, how the row stands on each release device; empty otherwise.
  public var devices: [DeviceStatus]

  package init(
    row: MatrixRow, status: RowStatus, evidence: [MatchedEvidence], findings: [Finding],
    devices: [DeviceStatus] = []
  ) {
    id = row.id
    permission = row.id.permission
    state = row.id.state
    whatHappened = row.whatHappened
    appReads = row.appReads
    screen = row.screen
    reachable = row.reachable
    reason = row.reason
    os = row.os
    declaration = row.declaration
    requires = row.requires
    self.status = status
    self.evidence = evidence.sorted()
    self.findings = findings.sorted()
    self.devices = devices
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(permission, forKey: .permission)
    try container.encode(state, forKey: .state)
    try container.encode(whatHappened, forKey: .whatHappened)
    try container.encode(appReads, forKey: .appReads)
    try container.encode(screen, forKey: .screen)
    try container.encode(reachable, forKey: .reachable)
    try container.encode(reason, forKey: .reason)
    try container.encode(os, forKey: .os)
    try container.encode(declaration, forKey: .declaration)
    try container.encode(requires, forKey: .requires)
    try container.encode(status, forKey: .status)
    try container.encode(evidence, forKey: .evidence)
    try container.encode(findings, forKey: .findings)
    try container.encode(devices, forKey: .devices)
  }
}
