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
  /// Which build the platform's evidence is from, when and on which devices it was collected.
  public var build: PlatformBuild
  /// What the app's own files declare on the platform, beside what the sign-off covers; nil when
  /// the evidence holds none of its files.
  public var declared: AppDeclarationSummary?

  public init(
    platform: Platform, appId: String?, releaseDevices: [String], perDevice: Bool,
    receipt: ReceiptReport, incompleteRuns: [IncompleteRun] = [], rows: [RowReport], findings: [Finding],
    build: PlatformBuild = PlatformBuild(expected: nil)
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
    self.build = build
  }

  private enum CodingKeys: String, CodingKey {
    case platform, name, appId, releaseDevices, perDevice, receipt, incompleteRuns, rows, summary, build, declared
  }

  /// Reads what ``encode(to:)`` writes; `build` and `declared` may be absent (a report from
  /// before them).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    platform = try container.decode(Platform.self, forKey: .platform)
    name = try container.decode(String.self, forKey: .name)
    appId = try container.decodeIfPresent(String.self, forKey: .appId)
    releaseDevices = try container.decode([String].self, forKey: .releaseDevices)
    perDevice = try container.decode(Bool.self, forKey: .perDevice)
    receipt = try container.decode(ReceiptReport.self, forKey: .receipt)
    incompleteRuns = try container.decode([IncompleteRun].self, forKey: .incompleteRuns)
    rows = try container.decode([RowReport].self, forKey: .rows)
    summary = try container.decode(Summary.self, forKey: .summary)
    build = try container.decodeIfPresent(PlatformBuild.self, forKey: .build) ?? PlatformBuild(expected: nil)
    declared = try container.decodeIfPresent(AppDeclarationSummary.self, forKey: .declared)
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
    try container.encode(build, forKey: .build)
    try container.encode(declared, forKey: .declared)
  }
}
