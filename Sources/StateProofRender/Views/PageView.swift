import Mustache
import StateProofModel

/// The report as its page templates see it (``ReportView/page(_:images:)``): report.json's
/// members with every part that tells a story as a view (summary, sources, findings, files, platforms,
/// changes, history, provenance) and the evidence window in words.
struct PageView: ModelView {
  let model: Report
  /// The findings' data, in the order the page lists them; replaced per render in report.md.
  var findings: [TemplateValue]
  let accepted: [TemplateValue]
  let evidence: [FileView]
  let platforms: [PlatformView]
  let provenance: ProvenanceView?

  enum ViewKeys: String, CodingKey, CaseIterable {
    case summary, sources, findings, accepted, windowText, evidence, platforms, changes, history, provenance
  }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(SummaryView(model: model.summary), forKey: .summary)
    try container.encode(model.sources.map(SourceView.init), forKey: .sources)
    try container.encode(findings, forKey: .findings)
    try container.encode(accepted, forKey: .accepted)
    try container.encode(BuildTimeText.window(model.evidenceWindow, builtAt: model.builtAt), forKey: .windowText)
    try container.encode(evidence, forKey: .evidence)
    try container.encode(platforms, forKey: .platforms)
    try container.encode(model.changes.map(ChangesView.init), forKey: .changes)
    try container.encode(model.history.map(TrendView.init), forKey: .history)
    try container.encode(provenance, forKey: .provenance)
  }
}
