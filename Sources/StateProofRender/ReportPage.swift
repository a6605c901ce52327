import Mustache

/// A report as its page templates see it (``ReportView/page(_:)``): `report.json`'s members with
/// the presentation fields beside them, and the open findings as typed views, in the order
/// `findings` lists them, for the lists under the verdict.
struct ReportPage: Sendable {
  var model: [String: TemplateValue]
  var findings: [FindingView]
}
