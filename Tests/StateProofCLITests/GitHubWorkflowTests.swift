import Foundation
import StateProofModel
import StateProofTestSupport
import Testing

@testable import StateProofCLI
@testable import StateProofKit

/// `--github-annotations` and `--github-output`: what a GitHub runner reads, escaped so evidence
/// text can neither break a workflow command nor set another output.
@Suite(.temporaryFolders) struct GitHubWorkflowTests {
  @Test func messagesAndPropertiesAreEscapedAsTheRunnerReadsThem() {
    #expect(GitHubWorkflow.escapeData("100% done\r\nnext::x") == "100%25 done%0D%0Anext::x")
    #expect(GitHubWorkflow.escapeProperty("a,b:c%\n") == "a%2Cb%3Ac%25%0A")
  }

  /// One annotation per open error, on the evidence file joined to its evidence path (relative to
  /// the workspace), else on the configuration; a file name that could end the property is escaped.
  @Test func oneAnnotationPerOpenErrorOnItsFile() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("evidence")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.scannerExample), to: evidence)
    try Data("<testsuites><testsuite".utf8).write(to: evidence.appendingPathComponent("run,1:a.xml"))
    let outputs = folder.appendingPathComponent("outputs")
    let result = TestSupport.run(
      [
        "report", "--out", folder.appendingPathComponent("out").path, "--github-annotations", "--github-output",
        evidence.path,
      ],
      environment: ["GITHUB_WORKSPACE": folder.path, "GITHUB_OUTPUT": outputs.path])
    #expect(result.status == 1)
    let annotations = result.output.split(separator: "\n").filter { $0.hasPrefix("::") }
    #expect(annotations.count == 3)
    #expect(
      annotations.contains {
        $0.hasPrefix("::error file=evidence/run%2C1%3Aa.xml,title=unreadable-evidence::Could not read run,1:a.xml:1:")
      })
    #expect(
      annotations.contains {
        $0.hasPrefix("::error file=evidence/stateproof.json,title=missing-receipt::No passing iOS receipt")
      })
    // The outputs, each between delimiter lines.
    let text = try String(contentsOf: outputs, encoding: .utf8)
    #expect(text.contains("verdict<<stateproof_output\nnot-ready\nstateproof_output\n"))
    #expect(text.contains("errors<<stateproof_output\n3\nstateproof_output\n"))
    #expect(text.contains("app<<stateproof_output\nScanner\nstateproof_output\n"))
    #expect(
      text.contains("report-dir<<stateproof_output\n\(folder.appendingPathComponent("out").path)\nstateproof_output\n"))
  }

  /// A value holding the delimiter gets another, so it cannot end its output early and set one.
  @Test func aValueCannotSetAnotherOutput() {
    let text = GitHubWorkflow.outputs([("app", "x\nstateproof_output\nverdict<<y"), ("verdict", "ready")])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let delimiter = String(lines[0].dropFirst("app<<".count))
    #expect(delimiter != "stateproof_output" && !delimiter.isEmpty)
    #expect(lines[1...3] == ["x", "stateproof_output", "verdict<<y"])
    #expect(lines[4] == Substring(delimiter))
  }

  /// More errors than the limit: the first ones annotated, then one notice with the rest's count.
  @Test func manyErrorsAreCappedWithANotice() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("evidence")
    try FileManager.default.createDirectory(at: evidence, withIntermediateDirectories: true)
    for index in 0..<(GitHubWorkflow.annotationLimit + 10) {
      try Data("<testsuites><testsuite".utf8).write(to: evidence.appendingPathComponent("broken-\(index).xml"))
    }
    let result = TestSupport.run([
      "report", "--out", folder.appendingPathComponent("out").path, "--format", "json", "--github-annotations",
      evidence.path,
    ])
    let lines = result.output.split(separator: "\n").filter { $0.hasPrefix("::") }
    #expect(lines.count { $0.hasPrefix("::error ") } == GitHubWorkflow.annotationLimit)
    #expect(lines.last?.hasPrefix("::notice title=StateProof::") == true)
    #expect(lines.last?.contains(" more errors are in the report") == true)
  }

  /// One error past the limit is "1 more error is", not "1 more error are" (issue 48).
  @Test(arguments: [1, 2])
  func theNoticeCountsTheRestInWords(past: Int) {
    var report = SyntheticReport.make(rows: 1)
    report.findings = (0..<(GitHubWorkflow.annotationLimit + past)).map { index in
      Finding(code: .missingReceipt, severity: .error, platform: .ios, message: "error \(index)")
    }
    let notice = GitHubWorkflow.annotations(report, workspace: nil).last ?? ""
    #expect(
      notice.hasPrefix(
        "::notice title=StateProof::" + (past == 1 ? "1 more error is" : "2 more errors are") + " in the report"),
      "\(notice)")
  }
}
