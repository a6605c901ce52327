import StateProofModel

/// A row as the templates see it: its `anchor` in `index.html` (and `anchorLink` for Markdown),
/// its `tone`, its findings by code, its evidence (release-device failures first) and what it
/// requires in words (``ProvenanceView``).
struct RowView: ModelView {
  let model: RowReport
  let tone: Tone
  let findingGroups: [FindingGroup]
  let evidence: [EvidenceView]
  let requiresText: String
  let requiresNote: String?

  enum ViewKeys: String, CodingKey, CaseIterable {
    case anchor, anchorLink, tone, findingGroups, evidence, requiresText, requiresNote
  }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    let anchor = ReportView.anchor(row: model.id.description)
    try container.encode(anchor, forKey: .anchor)
    try container.encode(ReportView.link(anchor), forKey: .anchorLink)
    try container.encode(tone, forKey: .tone)
    try container.encode(findingGroups, forKey: .findingGroups)
    try container.encode(evidence, forKey: .evidence)
    try container.encode(requiresText, forKey: .requiresText)
    try container.encode(requiresNote, forKey: .requiresNote)
  }
}
