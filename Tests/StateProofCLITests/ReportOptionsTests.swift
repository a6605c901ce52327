import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `report`'s output options: `--format`, `--markdown-max-bytes`, `--github-summary`.
@Suite(.temporaryFolders) struct ReportOptionsTests {
  private func files(_ out: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
  }

  @Test func formatPicksTheOutputs() throws {
    let folder = try TestSupport.temporaryFolder()
    let out = folder.appendingPathComponent("r")
    #expect(
      TestSupport.run(["report", "--format", "md,junit", "--out", out.path, TestSupport.scannerExample]).status == 1)
    #expect(try files(out) == [".stateproof-report.json", "report.md", "junit.xml", "SHA256SUMS"])
    #expect(TestSupport.run(["report", "--format", "html", "--out", out.path, TestSupport.scannerExample]).status == 1)
    #expect(try files(out) == [".stateproof-report.json", "index.html", "assets", "SHA256SUMS"])
    #expect(TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample]).status == 1)
    #expect(
      try files(out) == [
        ".stateproof-report.json", "index.html", "assets", "report.md", "report.json", "junit.xml", "SHA256SUMS",
      ])
  }

  @Test(arguments: [
    (["--format", "pdf"], "--format takes html, md, json, junit, found \"pdf\""),
    (["--format", "md,"], "--format takes html, md, json, junit, found \"\""),
    (["--markdown-max-bytes", "0"], "--markdown-max-bytes takes a positive number of bytes, found \"0\""),
    (["--markdown-max-bytes", "lots"], "--markdown-max-bytes takes a positive number of bytes, found \"lots\""),
    (["--markdown-max-bytes", "50"], "report.md needs at least"),
    (["--allow", ""], "--allow needs a reason: write CODE[:ROW]=REASON"),
    (["--allow", "missing-receipt:ios"], "--allow needs a reason: write CODE[:ROW]=REASON"),
    (["--allow", "missing-receipt:ios=  "], "--allow needs a reason: write CODE[:ROW]=REASON"),
    (
      ["--allow", "missing-receipt:mars=no farm"],
      "--allow takes CODE[:ROW]=REASON (a finding code, then a row id or platform), found \"missing-receipt:mars=no farm\""
    ),
    (
      ["--allow", "missing-reciept=no farm"],
      "--allow \"missing-reciept=no farm\": no finding code \"missing-reciept\" (did you mean missing-receipt?)"
    ),
    (
      ["--generated-at", "yesterday"],
      "--generated-at takes an ISO 8601 date-time with its zone, such as 2025-11-24T16:00:00Z or 2025-11-24T17:00:00+01:00, found \"yesterday\" (not a date-time)"
    ),
    (["--generated-at", "2025-11-24"], "--generated-at takes an ISO 8601 date-time"),
    (["--generated-at", "2025-11-24 16:00"], "--generated-at takes an ISO 8601 date-time"),
  ])
  func badOutputOptionsExitTwo(options: [String], message: String) throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    let result = TestSupport.run(["report", "--out", out.path] + options + [TestSupport.scannerExample])
    #expect(result.status == 2)
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func githubSummaryAppendsTheMarkdown() throws {
    let folder = try TestSupport.temporaryFolder()
    let summary = folder.appendingPathComponent("summary.md")
    try Data("earlier step\n".utf8).write(to: summary)
    let out = folder.appendingPathComponent("r")
    let result = TestSupport.run(
      [
        "report", "--format", "json", "--github-summary", "--markdown-max-bytes", "1500", "--out", out.path,
        TestSupport.scannerExample,
      ],
      environment: ["GITHUB_STEP_SUMMARY": summary.path])
    #expect(result.status == 1)
    let text = try String(contentsOf: summary, encoding: .utf8)
    #expect(text.hasPrefix("earlier step\n\n# StateProof: Scanner 4.2.0 (RC 1)\n"))
    #expect(text.contains("Trimmed to fit 1500 bytes"))
    #expect(try files(out) == [".stateproof-report.json", "report.json", "SHA256SUMS"])
  }

  @Test func githubSummaryWithoutTheVariableSaysSo() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    let result = TestSupport.run(["report", "--github-summary", "--out", out.path, TestSupport.scannerExample])
    #expect(result.status == 1)
    #expect(result.errors.contains("GITHUB_STEP_SUMMARY is not set"))
  }

  @Test func htmlURLIsWhereTrimmedMarkdownLinks() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    _ = TestSupport.run(
      [
        "report", "--markdown-max-bytes", "1500", "--html-url", "https://ci.example/job 7/@you/index.html", "--out",
        out.path, TestSupport.scannerExample,
      ])
    let text = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    // A link destination, percent-encoded: neither Markdown escaping nor link-breaking touch it.
    #expect(text.contains("[full HTML report](<https://ci.example/job%207/@you/index.html>)"))
  }
}
