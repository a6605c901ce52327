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
}
