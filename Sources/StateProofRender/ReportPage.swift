/// A report as its page templates see it (``ReportView/page(_:images:)``): the page's view, and
/// the open findings as typed views, in the order `findings` lists them, for the lists under the
/// verdict.
struct ReportPage {
  var view: PageView
  var findings: [FindingView]
}
