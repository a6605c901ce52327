import Foundation
import StateProofModel
import StateProofRender
import Testing

@testable import StateProofCLI
@testable import StateProofKit
import StateProofTestSupport

/// The pages render from an excerpt when the report's lists are too long for a page: they say
/// how much they left out, and the Markdown counts every finding, not only those it was given.
@Suite struct ReportExcerptTests {
  private let renderer = ReportRenderer(
    templates: try! TemplateLocator.templates(
      overrides: nil,
      environment: ["STATEPROOF_TEMPLATES": TestSupport.repositoryRoot.appendingPathComponent("Templates").path]
    ).source)

  @Test func htmlSaysHowManyFindingsAndFilesItLeftOut() throws {
    let report = SyntheticReport.make(rows: 60)
    let excerpt = ReportExcerpt.html(report, limit: 3)
    #expect(excerpt.report.findings.count == 3 && excerpt.report.evidence.count == 3)
    #expect(excerpt.findingsLeftOut == report.findings.count - 3)
    #expect(excerpt.filesLeftOut == report.evidence.count - 3)
    let page = String(
      decoding: try renderer.html(
        excerpt.report, findingsLeftOut: excerpt.findingsLeftOut, filesLeftOut: excerpt.filesLeftOut),
      as: UTF8.self)
    #expect(page.contains("Not listed on this page: \(excerpt.findingsLeftOut) more findings, the least severe;"))
    #expect(page.contains("Not listed on this page: \(excerpt.filesLeftOut) more files;"))
    // One left out is one, not "1 more files".
    let one = ReportExcerpt.html(report, limit: report.evidence.count - 1)
    #expect(one.filesLeftOut == 1)
    let onePage = String(decoding: try renderer.html(one.report, filesLeftOut: one.filesLeftOut), as: UTF8.self)
    #expect(onePage.contains("Not listed on this page: 1 more file;"), "\(onePage)")
    let whole = String(decoding: try renderer.html(report), as: UTF8.self)
    #expect(!whole.contains("not listed on this page"))
    #expect(ReportExcerpt.html(report).isWhole)
  }

  /// When not every finding can be handed to the Markdown, the ones it lists first are: errors,
  /// those of a platform before those of none (a missing receipt before the thousandth unreadable
  /// file, which sorts first in `report.json`).
  @Test func markdownKeepsThePlatformsErrorsBeforeOthers() throws {
    var report = SyntheticReport.make(rows: 2)
    let receipt = Finding(code: .missingReceipt, severity: .error, platform: .ios, message: "No passing iOS receipt.")
    let files = (0..<500).map { index in
      Finding(code: .unreadableEvidence, severity: .error, message: "Could not read broken-\(index).png.")
    }
    let warning = Finding(code: .testFlaky, severity: .warning, platform: .android, message: "flaky")
    report.findings = (files + [receipt, warning]).sorted()
    #expect(report.findings.firstIndex { $0.code == .missingReceipt }! > 100, "report.json lists it late")
    let excerpt = ReportExcerpt.markdown(report, maxBytes: 1_600)
    #expect(excerpt.findings.count == 1_600 / 16 + 1)
    #expect(excerpt.findings.first == receipt)
    #expect(!excerpt.findings.contains(warning))
    let text = String(
      decoding: try renderer.markdown(excerpt, maxBytes: 1_600), as: UTF8.self)
    #expect(text.contains("[iOS receipt](<index.html#receipt-ios>)"))
  }

  /// Only findings that could fit are handed to the Markdown; what it says it left out still
  /// counts all of them.
  @Test func markdownCountsEveryFindingFromTheSummary() throws {
    // Twice the findings the excerpt keeps (limit / 16 + 1), as at any scale.
    let report = SyntheticReport.make(rows: 750)
    let limit = 2_000
    let excerpt = ReportExcerpt.markdown(report, maxBytes: limit)
    #expect(excerpt.evidence.isEmpty && excerpt.findings.count < report.findings.count)
    let fromExcerpt = try renderer.markdown(excerpt, maxBytes: limit)
    let fromWhole = try renderer.markdown(report, maxBytes: limit)
    #expect(fromExcerpt == fromWhole)
    #expect(String(decoding: fromExcerpt, as: UTF8.self).contains("of \(report.findings.count) findings"))
  }
}
