/// One platform's part of the report: its receipt and its matrix rows.
public struct PlatformReport: Codable, Sendable {
  public var platform: Platform
  public var name: String
  public var appId: String?
  /// The devices a release must be proven on, as the configuration names them.
  public var releaseDevices: [String]
  /// Whether rows are decided per release device (each row then has a `devices` grid).
  public var perDevice: Bool
  public var receipt: ReceiptReport
  /// Test runs attributed to this platform that stopped before they finished, sorted by file.
  public var incompleteRuns: [IncompleteRun]
  public var rows: [RowReport]
  public var summary: Summary

  public init(
    platform: Platform, appId: String?, releaseDevices: [String], perDevice: Bool,
    receipt: ReceiptReport, incompleteRuns: [IncompleteRun] = [], rows: [RowReport], findings: [Finding]
  ) {
    self.perDevice = perDevice
    self.platform = platform
    name = platform.displayName
    self.appId = appId
    self.releaseDevices = releaseDevices
    self.receipt = receipt
    self.incompleteRuns = incompleteRuns.sorted()
    self.rows = rows
    summary = Summary(rows: rows, findings: findings)
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(platform, forKey: .platform)
    try container.encode(name, forKey: .name)
    try container.encode(appId, forKey: .appId)
    try container.encode(releaseDevices, forKey: .releaseDevices)
    try container.encode(perDevice, forKey: .perDevice)
    try container.encode(receipt, forKey: .receipt)
    try container.encode(incompleteRuns, forKey: .incompleteRuns)
    try container.encode(rows, forKey: .rows)
    try container.encode(summary, forKey: .summary)
  }
}
