import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofModel

/// `--baseline` lists exactly the rows and findings that changed between two runs.
@Suite(.temporaryFolders) struct BaselineTests {
  private func changeList(_ json: [String: Any]) throws -> [String: Any] {
    try #require(json["changes"] as? [String: Any])
  }

  @Test func showsExactlyWhatChanged() throws {
    let scenario = try ExampleScenario.complete()
    let first = try TestSupport.temporaryFolder().appendingPathComponent("first")
    #expect(TestSupport.run(["report", "--out", first.path, scenario.root.path]).status == 0)
    let baseline = first.appendingPathComponent("report.json").path

    try scenario.remove("ios/screenshots/ios-camera-not-determined.png")
    try scenario.remove("ios/junit/CameraPromptReceiptTests.junit.xml")
    let (status, _, json) = try scenario.report(["--baseline", baseline])
    #expect(status == 1)
    let changes = try changeList(json)
    #expect(changes["baselineVerdict"] as? String == "ready")
    let rows = try #require(changes["rows"] as? [[String: Any]])
    #expect(rows.count == 1)
    #expect(rows.first?["id"] as? String == "ios/camera/not-determined")
    #expect(rows.first?["change"] as? String == "regressed")
    #expect(rows.first?["from"] as? String == "covered")
    #expect(rows.first?["to"] as? String == "incomplete")
    let new = try #require(changes["newFindings"] as? [[String: Any]])
    #expect(Set(new.compactMap { $0["code"] as? String }) == ["missing-screenshot", "missing-receipt"])
    #expect((changes["resolvedFindings"] as? [Any])?.isEmpty == true)

    // And back: the regressed row is newly covered, its finding resolved.
    let second = try TestSupport.temporaryFolder().appendingPathComponent("second")
    _ = TestSupport.run(["report", "--out", second.path, scenario.root.path])
    let fixed = try ExampleScenario.complete()
    let (_, _, again) = try fixed.report(["--baseline", second.appendingPathComponent("report.json").path])
    let back = try changeList(again)
    #expect((back["rows"] as? [[String: Any]])?.map { $0["change"] as? String } == ["newly-covered"])
    #expect((back["resolvedFindings"] as? [[String: Any]])?.count == 2)
  }

  /// A gap accepted with `--allow` since the baseline is still there: listed as accepted, not
  /// resolved, in report.json, the Markdown and the HTML; accepted then and open now, it is an
  /// expired acceptance, not a new finding.
  @Test func aGapAcceptedSinceIsNotResolved() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.remove("ios/junit/CameraPromptReceiptTests.junit.xml")
    let first = try TestSupport.temporaryFolder().appendingPathComponent("first")
    #expect(TestSupport.run(["report", "--out", first.path, "--format", "json", scenario.root.path]).status == 1)

    let second = try TestSupport.temporaryFolder().appendingPathComponent("second")
    let allowed = TestSupport.run([
      "report", "--out", second.path, "--baseline", first.appendingPathComponent("report.json").path,
      "--allow", "missing-receipt:ios=no iOS device farm this release", scenario.root.path,
    ])
    #expect(allowed.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: second.appendingPathComponent("report.json")))
        as? [String: Any])
    let changes = try changeList(json)
    #expect((changes["resolvedFindings"] as? [Any])?.isEmpty == true)
    #expect((changes["newFindings"] as? [Any])?.isEmpty == true)
    let accepted = try #require(changes["acceptedFindings"] as? [[String: Any]])
    #expect(accepted.map { $0["code"] as? String } == ["missing-receipt"])
    #expect((accepted.first?["accepted"] as? [String: Any])?["reason"] as? String == "no iOS device farm this release")
    let markdown = try String(contentsOf: second.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(markdown.contains("- accepted, not resolved: missing-receipt: "))
    #expect(!markdown.contains("- resolved: "))
    let html = try String(contentsOf: second.appendingPathComponent("index.html"), encoding: .utf8)
    let since = try #require(html.range(of: "<h3>Accepted since, still open gaps</h3>"))
    #expect(html[since.upperBound...].hasPrefix("\n<ul><li><code>missing-receipt</code>"))
    #expect(html.contains("<h3>Resolved findings</h3>\n<ul><li>None.</li></ul>"))

    // The acceptance dropped again: it expired; the gap is not new.
    let (status, _, again) = try scenario.report(["--baseline", second.appendingPathComponent("report.json").path])
    #expect(status == 1)
    let back = try changeList(again)
    #expect((back["expiredAcceptances"] as? [[String: Any]])?.map { $0["code"] as? String } == ["missing-receipt"])
    #expect((back["newFindings"] as? [Any])?.isEmpty == true)
    #expect((back["acceptedFindings"] as? [Any])?.isEmpty == true)
  }

  /// A sign-off from before `policy-fixed` was renamed `policy-denied` compares row for row.
  @Test func aRenamedRowIsNotReadAsRemoved() throws {
    let scenario = try ExampleScenario.complete()
    let first = try TestSupport.temporaryFolder().appendingPathComponent("first")
    #expect(TestSupport.run(["report", "--out", first.path, scenario.root.path]).status == 0)
    let old = first.appendingPathComponent("report.json")
    let text = try String(contentsOf: old, encoding: .utf8)
    #expect(text.contains("android/camera/policy-denied"))
    try Data(text.replacingOccurrences(of: "android/camera/policy-denied", with: "android/camera/policy-fixed").utf8)
      .write(to: old)
    let (_, _, json) = try scenario.report(["--baseline", old.path])
    #expect((try changeList(json)["rows"] as? [Any])?.isEmpty == true)
  }

  @Test func noChangesIsSaidPlainly() throws {
    let scenario = try ExampleScenario.complete()
    let first = try TestSupport.temporaryFolder().appendingPathComponent("first")
    _ = TestSupport.run(["report", "--out", first.path, scenario.root.path])
    let (_, _, json) = try scenario.report(["--baseline", first.appendingPathComponent("report.json").path])
    let changes = try changeList(json)
    #expect((changes["rows"] as? [Any])?.isEmpty == true)
    #expect((changes["newFindings"] as? [Any])?.isEmpty == true)
  }

  @Test func aBaselineThatIsNotAReportIsAnInputError() throws {
    let folder = try TestSupport.temporaryFolder()
    let bogus = folder.appendingPathComponent("report.json")
    try Data("{\"hello\": 1}".utf8).write(to: bogus)
    let result = TestSupport.run([
      "report", "--baseline", bogus.path, "--out", folder.appendingPathComponent("out").path,
      TestSupport.scannerExample,
    ])
    #expect(result.status == 2)
    #expect(result.errors.contains("not a StateProof report.json"))
  }
}
