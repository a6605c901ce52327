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
    var placed = Set<Finding>()
    var everyFinding = report.findings + report.accepted
    let receiptCodes: Set<FindingCode> = [
      .missingReceipt, .receiptFailed, .receiptOffReleaseDevice, .duplicateReceipt, .runIncomplete,
      .wrongBuild, .staleEvidence, .deviceUnknown,
    ]
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
    let rest = everyFinding.filter { !placed.contains($0) }
    everyFinding = []
    suites.append(
      JUnitSuite(
        name: "Evidence", properties: [:],
        cases: [
          JUnitCase(
            classname: "stateproof.evidence", name: "every evidence file was read", findings: rest,
            gap: nil, skipped: nil)
        ]))

    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    // Sized once: 100,000 findings make tens of megabytes, which doubling would copy again and again.
    xml.reserveCapacity(
      [report.findings, report.accepted].joined().reduce(0) {
        $0 + 2 * $1.message.utf8.count + $1.files.reduce(0) { $0 + $1.utf8.count + 4 } + 200
      }
        + report.platforms.reduce(0) { $0 + $1.rows.count * 300 } + 4096)
    let title = ["StateProof", report.app, report.release].compactMap { $0 }.joined(separator: " ")
    xml += #"<testsuites name="\#(XMLText.attribute(title))" tests="\#(suites.map(\.tests).reduce(0, +))""#
    xml += #" failures="\#(suites.map(\.failures).reduce(0, +))" errors="0">"# + "\n"
    for suite in suites {
      suite.write(to: &xml, timestamp: report.generatedAt)
    }
    xml += "</testsuites>\n"
    return Data(xml.utf8)
  }
}
