import StateProofModel

/// A finding as template data (``FindingGroups/finding(_:target:linkTarget:anchor:)`` makes it):
/// report.json's members with `remedy`, `tone`, `label`, `text`, `detail`, `target`,
/// `targetLink` and, for a finding of the findings table, `anchor` (left out otherwise).
struct FindingData: ModelView {
  let model: Finding
  let remedy: String
  let tone: Tone
  let label: String
  let text: String
  let detail: String
  let target: String
  let targetLink: String
  let anchor: String?

  enum ViewKeys: String, CodingKey, CaseIterable {
    case remedy, tone, label, text, detail, target, targetLink, anchor
  }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(remedy, forKey: .remedy)
    try container.encode(tone, forKey: .tone)
    try container.encode(label, forKey: .label)
    try container.encode(text, forKey: .text)
    try container.encode(detail, forKey: .detail)
    try container.encode(target, forKey: .target)
    try container.encode(targetLink, forKey: .targetLink)
    try container.encodeIfPresent(anchor, forKey: .anchor)
  }
}
