import Foundation
import StateProofModel
import StateProofRender
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `report.md`: the byte budget and its trimming, tables that hold whatever the evidence says,
/// and evidence text that cannot inject links or HTML.
@Suite(.temporaryFolders) struct MarkdownOutputTests {
  private let renderer = ReportRenderer(
    templates: try! TemplateLocator.templates(
      overrides: nil,
      environment: ["STATEPROOF_TEMPLATES": TestSupport.repositoryRoot.appendingPathComponent("Templates").path]
    ).source)

  /// The way `report` renders it: the Markdown excerpt's JSON (ReportExcerpt), rendered once
  /// within the budget. The renderer renders the whole report first and trims only when it is
  /// over the budget, so the note proves the whole was larger; rendering it again here would
  /// double the test's time.
  @Test func aFiveThousandRowReportFitsTheDefaultBudget() throws {
    let report = SyntheticReport.make(rows: 5_000)
    let maxBytes = ReportOptions.defaultMarkdownMaxBytes
    let trimmed = try renderer.markdown(
      ReportExcerpt.markdown(report, maxBytes: maxBytes), maxBytes: maxBytes)
    #expect(trimmed.count <= ReportOptions.defaultMarkdownMaxBytes)
    #expect(trimmed.count > ReportOptions.defaultMarkdownMaxBytes - 500, "the budget is used, not wasted")
    let text = String(decoding: trimmed, as: UTF8.self)
    #expect(text.contains("**Trimmed to fit 65000 bytes:** left out the devices table; "))
    #expect(
      text.contains(
        " of \(report.findings.count) findings; the receipts table; the platform sections; the builds and times. The [full HTML report](<index.html>) has everything."
      ))
    #expect(text.contains("**Not ready:"))
    #expect(!text.contains("\n## Receipts\n"), "the receipts table goes before the errors")
    #expect(text.contains("\n## ✗ \(report.findings.count) errors block the release\n"))
    #expect(MarkdownTrimmingTests.listedFindings(text) > 1_000, "the errors fill the budget")
    #expect(GFMTables.sourceProblems(text).isEmpty)
  }

  @Test func trimmingDropsTheLeastImportantSectionFirst() throws {
    let report = SyntheticReport.make(rows: 40)
    let full = try renderer.markdown(report)
    let limit = full.count - 10
    let text = String(decoding: try renderer.markdown(report, maxBytes: limit), as: UTF8.self)
    #expect(text.contains("left out the devices table."))
    #expect(!text.contains("## Devices"))
    #expect(text.contains("| Status | Evidence |"))
    #expect(text.utf8.count <= limit)
    let smaller = full.count - 300
    let next = String(decoding: try renderer.markdown(report, maxBytes: smaller), as: UTF8.self)
    #expect(next.contains("left out the devices table; the evidence column of the platform tables."))
    #expect(next.contains("| Row | What happened | What the app reads | Screen to assert | Status |\n"))
    #expect(next.contains("## Receipts"))
    #expect(next.utf8.count <= smaller)
    let untouched = String(decoding: full, as: UTF8.self)
    #expect(!untouched.contains("Trimmed"))
    #expect(untouched.contains("## Devices"))
    #expect(untouched.contains("| Status | Evidence |"))
  }

  @Test func aBudgetTooSmallForTheVerdictIsAnError() {
    #expect(throws: RenderError.self) {
      try renderer.markdown(SyntheticReport.make(rows: 4), maxBytes: 100)
    }
  }

  @Test(.enabled(if: GFMTables.executable != nil, "needs cmark-gfm"))
  func exampleTablesRenderWithTheirColumns() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    _ = TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample])
    let markdown = try Data(contentsOf: out.appendingPathComponent("report.md"))
    let tables = GFMTables.bodyRows(try GFMTables.html(markdown))
    // Receipts, the declarations (camera on each platform), the two platforms' rows, the
    // configuration's 14 departures, the devices.
    #expect(tables.rows == [2, 2, 5, 5, 14, 2])
    #expect(tables.problems.isEmpty, "\(tables.problems)")
    #expect(GFMTables.sourceProblems(String(decoding: markdown, as: UTF8.self)).isEmpty)
  }

  @Test(.enabled(if: GFMTables.executable != nil, "needs cmark-gfm"))
  func theTableCheckCatchesBrokenRows() throws {
    let broken = "| a | b |\n|---|---|\n| x | y | z |\n| x \\| y | z |\n"
    #expect(GFMTables.sourceProblems(broken).count == 1)
    let split = "| a | b |\n|---|---|\n| x | y\nmore |\n"
    #expect(GFMTables.sourceProblems(split).count == 2)
    #expect(GFMTables.bodyRows(try GFMTables.html(Data(split.utf8))).rows == [2])
  }

  static let hostile = [
    "a | b || c", "`code` and ``more``", "<script>alert(1)</script>", "line one\nline two\r\n| x |",
    "[link](https://evil.example)", "![img](x.png)", "{{app}} {{{headline}}}", "<img src=x onerror=y>",
    "\\| escaped pipe", "https://evil.example/autolink", "*bold* _it_ ~strike~ # heading", "&amp; &lt;",
  ]

  @Test(
    .enabled(if: GFMTables.executable != nil, "needs cmark-gfm"),
    arguments: hostile)
  func hostileEvidenceTextStaysText(text: String) throws {
    let report = SyntheticReport.make(rows: 10) { _ in text }
    let markdown = try renderer.markdown(report)
    let source = String(decoding: markdown, as: UTF8.self)
    #expect(GFMTables.sourceProblems(source).isEmpty, "\(GFMTables.sourceProblems(source))")
    let html = try GFMTables.html(markdown)
    let tables = GFMTables.bodyRows(html)
    #expect(tables.rows == [2, 5, 5, 1])
    #expect(tables.problems.isEmpty, "\(tables.problems)")
    #expect(!html.contains("<script"))
    #expect(!html.contains("<img"))
    // The only links are anchors in the HTML report: rows, receipts, findings.
    let links = html.components(separatedBy: "<a ").dropFirst()
    #expect(links.allSatisfy { $0.hasPrefix(#"href="index.html#"#) }, "\(Array(links))")
    #expect(
      links.count { $0.hasPrefix(#"href="index.html#row-"#) } == 10 + report.findings.count,
      "each row, and each finding under the verdict")
    #expect(!html.contains("<code>"))
    #expect(!html.contains("<em>") && !html.contains("<strong>a") && !html.contains("<del>"))

    let page = String(decoding: try renderer.html(report), as: UTF8.self)
    #expect(!page.contains("<script"))
    #expect(!page.contains("<img src=x"))
  }
}
