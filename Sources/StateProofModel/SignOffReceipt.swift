/// A platform's receipt at one sign-off: its status, whether it passed only on retry
/// (`receipt-flaky`), and whether its failure was accepted as a known gap.
public struct SignOffReceipt: Codable, Sendable, Hashable {
  public var platform: Platform
  public var status: ReceiptStatus
  /// It passed only on retry: a `receipt-flaky` finding, open or accepted.
  public var onRetry: Bool
  /// It did not pass, and every error about it was accepted (`missing-receipt:ios=…`).
  public var accepted: Bool

  public init(platform: Platform, status: ReceiptStatus, onRetry: Bool, accepted: Bool) {
    self.platform = platform
    self.status = status
    self.onRetry = onRetry
    self.accepted = accepted
  }

  /// The findings about a receipt that are not about a row: what the receipt card tells.
  static let receiptCodes: Set<FindingCode> = [
    .missingReceipt, .receiptFailed, .receiptOffReleaseDevice, .receiptFlaky, .duplicateReceipt,
  ]

  /// `platform`'s receipt in a report with these open and accepted findings.
  public init(_ platform: PlatformReport, findings: [Finding], accepted: [Finding]) {
    func mine(_ finding: Finding) -> Bool {
      finding.platform == platform.platform && finding.row == nil && Self.receiptCodes.contains(finding.code)
    }
    let openError = findings.contains { mine($0) && $0.severity == .error }
    let anyAccepted = accepted.contains { mine($0) && $0.severity == .error }
    self.init(
      platform: platform.platform, status: platform.receipt.status,
      onRetry: (findings + accepted).contains { mine($0) && $0.code == .receiptFlaky },
      accepted: platform.receipt.status != .passed && !openError && anyAccepted)
  }

  private enum CodingKeys: String, CodingKey {
    case platform, status, onRetry, accepted
  }

  /// Writes every key, so every line has the same shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(platform, forKey: .platform)
    try container.encode(status, forKey: .status)
    try container.encode(onRetry, forKey: .onRetry)
    try container.encode(accepted, forKey: .accepted)
  }
}
