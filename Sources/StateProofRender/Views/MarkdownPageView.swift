import Mustache

/// The `view` of `report.md` (``MarkdownView/value(report:findings:)`` works it out): which
/// sections show, the findings listed and their lists under the verdict, what the budget left
/// out, and where the HTML report is.
struct MarkdownPageView: Encodable {
  let evidenceDetails: Bool
  let devices: Bool
  let deviceGrids: Bool
  let accepted: Bool
  let configuration: Bool
  let changeLists: Bool
  let platformTables: Bool
  let receipts: Bool
  let declarations: Bool
  let changes: Bool
  let platformSections: Bool
  let builds: Bool
  let findings: [TemplateValue]
  let findingsHeading: Bool
  let blockers: FindingList
  let warnings: FindingList
  let blockersHeading: Bool
  let warningsHeading: Bool
  let nothingBlocks: Bool
  let nothingOpen: Bool
  let others: [TemplateValue]
  let othersHeading: Bool
  let trimmed: String
  @EncodedAsNull var maxBytes: Int?
  let htmlReport: String
  let htmlLink: String
}
