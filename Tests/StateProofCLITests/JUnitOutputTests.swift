import Foundation
import StateProofModel
import StateProofRender
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `junit.xml`: one suite per platform, a case per receipt and row, failures for gaps, skips for
/// unreachable rows, valid against the Jenkins schema, whatever the evidence text holds.
@Suite(.temporaryFolders) struct JUnitOutputTests {
  static let schema = SharedCorpus.url("junit/schemas/jenkins-junit-4.xsd")
  static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// xmllint's verdict on `xml` against the Jenkins schema: the exit status and its messages.
  private func validate(_ xml: Data) throws -> (status: Int32, messages: String) {
    let file = try TestSupport.temporaryFolder().appendingPathComponent("junit.xml")
    try xml.write(to: file)
    let result = try TestSupport.runProgram(
      try #require(Self.xmllint), ["--noout", "--schema", Self.schema.path, file.path])
    return (result.status, result.errors)
  }

  @Test func exampleSuitesCasesAndFailures() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    _ = TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample])
    let xml = try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(xml.contains(#"<testsuites name="StateProof Scanner 4.2.0 (RC 1)" tests="13" failures="2" errors="0">"#))
    #expect(xml.contains(#"<testsuite name="Android" tests="6" failures="0" errors="0" skipped="0">"#))
    #expect(xml.contains(#"<testsuite name="iOS" tests="6" failures="2" errors="0" skipped="1">"#))
    #expect(xml.contains(#"<testcase classname="stateproof.android.camera" name="android/camera/blocked"/>"#))
    #expect(xml.contains(#"<failure type="missing-receipt" message="No passing iOS receipt"#))
    #expect(xml.contains(#"<failure type="missing-screenshot""#))
    #expect(xml.contains("<skipped>iOS asks once"))
  }

  @Test(.needsSharedCorpus, .enabled(if: xmllint != nil, "needs xmllint"))
  func hostileTextStaysValidAgainstTheJenkinsSchema() throws {
    let text = "a \u{1}\u{8}\u{B}\u{FFFE} <b>&amp;\"quoted\" 'single'\n\tnext ]]> \u{1F600}"
    let report = SyntheticReport.make(rows: 100) { _ in text }
    let xml = JUnitRenderer.render(report)
    let result = try validate(xml)
    #expect(result.status == 0, "\(result.messages)")
    let document = String(decoding: xml, as: UTF8.self)
    #expect(!document.contains("\u{1}") && !document.contains("\u{FFFE}"))
    #expect(document.contains("&lt;b&gt;&amp;amp;&quot;quoted&quot; 'single'&#10;&#9;next ]]&gt; \u{1F600}"))
  }

  @Test(.needsSharedCorpus, .enabled(if: xmllint != nil, "needs xmllint"))
  func exampleValidatesAgainstTheJenkinsSchema() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    _ = TestSupport.run(["report", "--format", "junit", "--out", out.path, TestSupport.scannerExample])
    let result = try validate(try Data(contentsOf: out.appendingPathComponent("junit.xml")))
    #expect(result.status == 0, "\(result.messages)")
  }

  @Test func findingsOutsideRowsAndReceiptsFailTheEvidenceCase() {
    var report = SyntheticReport.make(rows: 2)
    report = Report(
      app: nil, release: nil, generatedAt: "2025-01-01T00:00:00Z", roots: report.roots,
      devices: [], platforms: report.platforms,
      findings: report.findings + [
        Finding(code: .unreadableEvidence, severity: .error, message: "broken.xml:3: not XML", files: ["broken.xml"])
      ],
      evidence: report.evidence)
    let xml = String(decoding: JUnitRenderer.render(report), as: UTF8.self)
    #expect(
      xml.contains(
        #"<testsuite name="Evidence" tests="1" failures="1" errors="0" skipped="0" timestamp="2025-01-01T00:00:00Z">"#))
    #expect(xml.contains(#"<failure type="unreadable-evidence" message="broken.xml:3: not XML">"#))
    #expect(xml.contains("\n  broken.xml</failure>"))
  }

  /// `junit.xml` of many findings goes out a chunk at a time, the chunks making exactly the
  /// document rendered whole (the evidence case's notes split between chunks included).
  @Test func chunksMakeTheWholeDocument() {
    let base = SyntheticReport.make(rows: 2)
    let notes = (0..<30_000).map { index in
      Finding(
        code: .unmatchedEvidence, severity: .info, message: "file-\(index).xml: <not> evidence & more",
        files: ["file-\(index).xml"])
    }
    let report = Report(
      app: "A & B", release: nil, generatedAt: nil, roots: base.roots, devices: [], platforms: base.platforms,
      findings: base.findings + notes, evidence: base.evidence)
    var chunks: [String] = []
    JUnitRenderer.render(report) { (text: String) -> Void in chunks.append(text) }
    let whole = JUnitRenderer.render(report)
    #expect(chunks.count > 1 && chunks.dropLast().allSatisfy { $0.utf8.count >= 1 << 20 })
    #expect(Data(chunks.joined().utf8) == whole)
    #expect(
      String(decoding: whole, as: UTF8.self).contains(
        "info unmatched-evidence: file-29999.xml: &lt;not&gt; evidence &amp; more"))
  }
}
