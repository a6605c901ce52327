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
