/// One platform's part of the report: its receipt and its matrix rows.
public struct PlatformReport: Codable, Sendable {
  public var platform: Platform
  public var name: String
  public var appId: String?
  public var receipt: ReceiptReport
  public var rows: [RowReport]
  public var summary: Summary

  public init(platform: Platform, appId: String?, receipt: ReceiptReport, rows: [RowReport]) {
    self.platform = platform
    name = platform.displayName
    self.appId = appId
    self.receipt = receipt
    self.rows = rows
    summary = Summary(rows: rows, findings: rows.flatMap(\.findings))
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(platform, forKey: .platform)
    try container.encode(name, forKey: .name)
    try container.encode(appId, forKey: .appId)
    try container.encode(receipt, forKey: .receipt)
    try container.encode(rows, forKey: .rows)
    try container.encode(summary, forKey: .summary)
  }
}
