/// One thing the report wants a reader to know, tied to the platform, row and files behind it.
public struct Finding: Codable, Sendable, Hashable, Comparable {
  public var code: FindingCode
  public var severity: Severity
  public var platform: Platform?
  public var row: RowID?
  /// The device it is about: the release device a per-device row was checked on, the device a
  /// run stopped or a receipt ran on, the release device a device finding names; nil otherwise.
  public var device: String?
  public var message: String
  public var files: [String]
  /// Set when a known gap was accepted (`--allow`, or `allow` in the configuration): the finding
  /// is still shown, with the reason, but no longer decides the verdict.
  public var accepted: Acceptance?

  public init(
    code: FindingCode, severity: Severity, platform: Platform? = nil, row: RowID? = nil,
    device: String? = nil, message: String, files: [String] = []
  ) {
    self.code = code
    self.severity = severity
    self.platform = platform ?? row?.platform
    self.row = row
    self.device = device
    self.message = message
    self.files = files.sorted()
  }

  public static func < (lhs: Finding, rhs: Finding) -> Bool {
    (lhs.severity, lhs.platform?.rawValue ?? "", lhs.row?.description ?? "", lhs.code.rawValue, lhs.message)
      < (rhs.severity, rhs.platform?.rawValue ?? "", rhs.row?.description ?? "", rhs.code.rawValue, rhs.message)
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(code, forKey: .code)
    try container.encode(severity, forKey: .severity)
    try container.encode(platform, forKey: .platform)
    try container.encode(row, forKey: .row)
    try container.encode(device, forKey: .device)
    try container.encode(message, forKey: .message)
    try container.encode(files, forKey: .files)
    try container.encode(accepted, forKey: .accepted)
  }

  /// Whether the finding counts against the verdict: errors that nobody accepted.
  public var blocksRelease: Bool { severity == .error && accepted == nil }

  /// The identity used to compare findings across reports: what, where, and not the wording.
  public var key: String { "\(code.rawValue) \(platform?.rawValue ?? "-") \(row?.description ?? "-")" }
}
