import Foundation
import StateProofModel

/// Renders the sign-off as JUnit XML (`junit.xml`), so CI servers that read test results show
/// every gap as a failed test: one suite per platform with one case for its receipt (which also
/// carries the platform's runs that stopped early, as its card in `index.html` does) and one per
/// matrix row (unreachable rows are `skipped`, with the reason), and a last suite, `Evidence`, whose
/// single case carries the findings that belong to neither (such as unreadable files). Each
/// error-level finding becomes a `failure` with the finding's code and message. The document
/// validates against the Jenkins JUnit schema and carries no time unless the report has one.
package enum JUnitRenderer {
  package static func render(_ report: Report) -> Data {
    var data = Data()
    render(report) { (text: String) -> Void in data.append(contentsOf: text.utf8) }
    return data
  }

  /// The same bytes as ``render(_:)``, handed to `sink` a chunk (about a megabyte) at a time: the
  /// text of a report of 100,000 findings is never held whole.
  package static func render<Failure>(_ report: Report, into sink: @escaping (String) throws(Failure) -> Void)
    throws(Failure)
  {
    var placed = Set<Finding>()
    let everyFinding = [report.findings, report.accepted].joined()
    let receiptCodes = ReportView.receiptCodes
    var suites: [JUnitSuite] = report.platforms.map { platform in
      var cases: [JUnitCase] = []
      let receiptFindings = everyFinding.filter {
        $0.platform == platform.platform && $0.row == nil && receiptCodes.contains($0.code)
      }
      placed.formUnion(receiptFindings)
      let receiptBlocks = receiptFindings.contains(where: \.blocksRelease)
      cases.append(
        JUnitCase(
          classname: "stateproof.\(platform.platform.rawValue).receipt",
          name: "receipt " + (platform.receipt.selector ?? "(no selector)"),
          findings: receiptFindings,
          gap: platform.receipt.status == .passed || !receiptBlocks
            ? nil : "the receipt is \(platform.receipt.status.rawValue)",
          skipped: nil))
      for row in platform.rows {
        placed.formUnion(row.findings)
        // A gap whose findings were all accepted no longer fails the case.
        let gap: String? =
          switch row.status {
          case .covered, .unreachable: nil
          case .incomplete, .failing:
            row.findings.contains(where: \.blocksRelease) ? "the row is \(row.status.rawValue)" : nil
          }
        cases.append(
          JUnitCase(
            classname: "stateproof.\(platform.platform.rawValue).\(row.permission)",
            name: row.id.description, findings: row.findings, gap: gap,
            skipped: row.reachable ? nil : (row.reason ?? "the platform cannot reach this state")))
      }
      return JUnitSuite(name: platform.name, properties: platform.appId.map { ["appId": $0] } ?? [:], cases: cases)
    }
    suites.append(
      JUnitSuite(
        name: "Evidence", properties: [:],
        cases: [
          JUnitCase(
            classname: "stateproof.evidence", name: "every evidence file was read",
            lists: [report.findings, report.accepted], leavingOut: placed, gap: nil, skipped: nil)
        ]))

    var xml = JUnitChunkWriter(sink: sink)
    try xml += #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    let title = ["StateProof", report.app, report.release].compactMap { $0 }.joined(separator: " ")
    try xml += #"<testsuites name="\#(XMLText.attribute(title))" tests="\#(suites.map(\.tests).reduce(0, +))""#
    try xml += #" failures="\#(suites.map(\.failures).reduce(0, +))" errors="0">"# + "\n"
    for suite in suites {
      try suite.write(to: &xml, timestamp: report.generatedAt)
    }
    try xml += "</testsuites>\n"
    try xml.flush()
  }
}
