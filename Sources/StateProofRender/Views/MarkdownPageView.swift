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
  let maxBytes: Int?
  let htmlReport: String
  let htmlLink: String

  enum CodingKeys: String, CodingKey {
    case evidenceDetails, devices, deviceGrids, accepted, configuration, changeLists, platformTables, receipts
    case declarations, changes, platformSections, builds, findings, findingsHeading, blockers, warnings
    case blockersHeading, warningsHeading, nothingBlocks, nothingOpen, others, othersHeading, trimmed, maxBytes
    case htmlReport, htmlLink
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(evidenceDetails, forKey: .evidenceDetails)
    try container.encode(devices, forKey: .devices)
    try container.encode(deviceGrids, forKey: .deviceGrids)
    try container.encode(accepted, forKey: .accepted)
    try container.encode(configuration, forKey: .configuration)
    try container.encode(changeLists, forKey: .changeLists)
    try container.encode(platformTables, forKey: .platformTables)
    try container.encode(receipts, forKey: .receipts)
    try container.encode(declarations, forKey: .declarations)
    try container.encode(changes, forKey: .changes)
    try container.encode(platformSections, forKey: .platformSections)
    try container.encode(builds, forKey: .builds)
    try container.encode(findings, forKey: .findings)
    try container.encode(findingsHeading, forKey: .findingsHeading)
    try container.encode(blockers, forKey: .blockers)
    try container.encode(warnings, forKey: .warnings)
    try container.encode(blockersHeading, forKey: .blockersHeading)
    try container.encode(warningsHeading, forKey: .warningsHeading)
    try container.encode(nothingBlocks, forKey: .nothingBlocks)
    try container.encode(nothingOpen, forKey: .nothingOpen)
    try container.encode(others, forKey: .others)
    try container.encode(othersHeading, forKey: .othersHeading)
    try container.encode(trimmed, forKey: .trimmed)
    try container.encode(maxBytes, forKey: .maxBytes)
    try container.encode(htmlReport, forKey: .htmlReport)
    try container.encode(htmlLink, forKey: .htmlLink)
  }
}
