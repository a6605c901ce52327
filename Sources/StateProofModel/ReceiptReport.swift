/// A platform's receipt: which selector names it, whether it passed, and the executions seen.
public struct ReceiptReport: Codable, Sendable {
  public var selector: String?
  public var status: ReceiptStatus
  public var evidence: [MatchedEvidence]

  public init(selector: String?, status: ReceiptStatus, evidence: [MatchedEvidence]) {
    self.selector = selector
    self.status = status
    self.evidence = evidence.sorted()
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(selector, forKey: .selector)
    try container.encode(status, forKey: .status)
    try container.encode(evidence, forKey: .evidence)
  }
}
