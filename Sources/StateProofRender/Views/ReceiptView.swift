import StateProofModel

/// A platform's receipt card: `anchor`, `anchorLink`, `tone` (the card's), `statusTone` (its
/// status word's), `onRetry` (passed only on retry), its findings by code and its evidence.
struct ReceiptView: ModelView {
  let model: ReceiptReport
  let platform: String
  let tone: Tone
  let statusTone: Tone
  let onRetry: Bool
  let findingGroups: [FindingGroup]
  let evidence: [EvidenceView]

  enum ViewKeys: String, CodingKey, CaseIterable {
    case anchor, anchorLink, tone, statusTone, onRetry, findingGroups, evidence
  }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    let anchor = ReportView.anchor(receipt: platform)
    try container.encode(anchor, forKey: .anchor)
    try container.encode(ReportView.link(anchor), forKey: .anchorLink)
    try container.encode(tone, forKey: .tone)
    try container.encode(statusTone, forKey: .statusTone)
    try container.encode(onRetry, forKey: .onRetry)
    try container.encode(findingGroups, forKey: .findingGroups)
    try container.encode(evidence, forKey: .evidence)
  }
}
