import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofModel

/// Takes the complete example apart one piece of evidence at a time: every change must turn the
/// verdict to `not-ready`, with the right finding on the right row.
@Suite(.temporaryFolders) struct EvidenceScenarioTests {
  @Test func completeExampleIsReady() throws {
    let (status, report, _) = try ExampleScenario.complete().report()
    #expect(status == 0)
    #expect(report.verdict == .ready)
    #expect(report.findings.filter { $0.severity == .error }.isEmpty)
    #expect(report.status("ios/camera/denied-twice") == .unreachable)
  }

  /// The rows each file proves in the complete report, read from its matched evidence.
  private func provenRows(_ json: [String: Any]) -> [String: Set<String>] {
    var rows: [String: Set<String>] = [:]
    for platform in json["platforms"] as? [[String: Any]] ?? [] {
      for row in platform["rows"] as? [[String: Any]] ?? [] {
        for item in row["evidence"] as? [[String: Any]] ?? [] {
          rows[item["path"] as? String ?? "", default: []].insert(row["id"] as? String ?? "")
        }
      }
    }
    return rows
  }

  /// Every screenshot proves a row, but the one Apple's manifest says was taken in an unrelated
  /// test (`ManualEntryTests`), which the report names in a warning instead.
  @Test func everyScreenshotIsNeeded() throws {
    let complete = try ExampleScenario.complete()
    let (_, completeReport, completeJSON) = try complete.report()
    let proven = provenRows(completeJSON)
    let elsewhere = completeReport.findings.filter { $0.code == .screenshotFromOtherTest }
    #expect(elsewhere.map(\.files) == [["ios/attachments/A3B19F42-77C5-4E0B-8D2A-6F1C0E9B7D35.png"]])
    #expect(elsewhere.map(\.row?.description) == ["ios/camera/authorized"])
    for path in complete.files(endingIn: ".png") where !elsewhere.contains(where: { $0.files.contains(path) }) {
      let scenario = try ExampleScenario.complete()
      try scenario.remove(path)
      let (status, report, json) = try scenario.report()
      let rows = proven[path] ?? []
      #expect(!rows.isEmpty, "\(path) proves no row")
      for row in rows {
        let stillShown = provenRows(json).contains { $0.value.contains(row) && $0.key.hasSuffix(".png") }
        if !stillShown {
          #expect(status == 1, "\(path)")
          #expect(report.codes(on: row).contains("missing-screenshot"), "\(path) → \(row)")
          #expect(report.status(row) == .incomplete)
        }
      }
    }
  }

  @Test func aScreenshotThatIsNotAnImageProvesNothing() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write("android/screenshots/camera/blocked.png", "<html>not a picture</html>")
    let (status, report, _) = try scenario.report()
    #expect(status == 1)
    #expect(report.codes(on: "android/camera/blocked").contains("unreadable-evidence"))
  }

  @Test func everySeedLogIsNeeded() throws {
    for state in ["not-asked", "granted", "denied-once", "blocked"] {
      let scenario = try ExampleScenario.complete()
      try scenario.remove("android/seed/seed-camera-\(state).log")
      let (status, report, _) = try scenario.report()
      #expect(status == 1)
      #expect(report.codes(on: "android/camera/\(state)") == ["missing-seed"], "\(state)")
      #expect(report.status("android/camera/\(state)") == .incomplete)
    }
  }

  @Test func aSeedThatDidNotTakeFailsItsRow() throws {
    let scenario = try ExampleScenario.complete()
    let path = "android/seed/seed-camera-blocked.log"
    try scenario.write(
      path,
      try scenario.read(path).replacingOccurrences(of: "USER_SET|USER_FIXED|", with: "USER_SET|")
        + "seed did not take: wanted blocked\n")
    let (status, report, _) = try scenario.report()
    #expect(status == 1)
    #expect(report.codes(on: "android/camera/blocked") == ["seed-not-taken"])
    #expect(report.status("android/camera/blocked") == .failing)
  }

  @Test func aSeedLogNamedForItsRowThatShowsAnotherStateDidNotTake() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write(
      "stateproof.json",
      try scenario.read("stateproof.json").replacingOccurrences(
        of: #""android/blocked": { "tests""#,
        with: #""android/blocked": { "seeds": ["**/seed-camera-blocked.log"], "tests""#))
    let path = "android/seed/seed-camera-blocked.log"
    try scenario.write(
      path, try scenario.read(path).replacingOccurrences(of: "USER_SET|USER_FIXED|", with: "USER_SET|"))
    let (status, report, _) = try scenario.report()
    #expect(status == 1)
    #expect(report.codes(on: "android/camera/blocked") == ["seed-not-taken"])
    #expect(report.codes(on: "android/camera/denied-once").isEmpty, "a line seeded for blocked proves nothing else")
  }

  /// Every test result file is needed; the iOS run is given twice (the converter's JUnit and
  /// xcresulttool's JSON), and either one proves its rows.
  @Test func everyTestResultFileIsNeeded() throws {
    let expectations: [([String], [String])] = [
      (
        ["android/app/build/outputs/androidTest-results/connected/release/TEST-Pixel 8 - 14-_app-.xml"],
        ["android/camera/not-asked", "android/camera/granted", "android/camera/denied-once", "android/camera/blocked"]
      ),
      (
        ["android/app/build/test-results/testReleaseUnitTest/TEST-com.example.scanner.CameraScreenTest.xml"],
        ["android/camera/policy-denied"]
      ),
      (
        ["ios/junit/ScannerUITests.junit.xml", "ios/xcresult/tests.json"],
        ["ios/camera/not-determined", "ios/camera/authorized", "ios/camera/denied", "ios/camera/restricted"]
      ),
    ]
    for (paths, rows) in expectations {
      let scenario = try ExampleScenario.complete()
      for path in paths { try scenario.remove(path) }
      let (status, report, _) = try scenario.report()
      #expect(status == 1)
      for row in rows {
        // The example's manual-entry screenshot is a warning on its row whatever else happens.
        let expected: Set =
          row == "ios/camera/authorized" ? ["missing-test", "screenshot-from-other-test"] : ["missing-test"]
        #expect(report.codes(on: row) == expected, "\(paths) → \(row)")
      }
    }
    for path in ["ios/junit/ScannerUITests.junit.xml", "ios/xcresult/tests.json"] {
      let scenario = try ExampleScenario.complete()
      try scenario.remove(path)
      let (status, report, _) = try scenario.report()
      #expect(status == 0, "without \(path)")
      #expect(report.status("ios/camera/denied") == .covered, "without \(path)")
    }
  }

  @Test func aFailedTestFailsItsRow() throws {
    let scenario = try ExampleScenario.complete()
    let path = "ios/junit/ScannerUITests.junit.xml"
    try scenario.write(
      path,
      try scenario.read(path).replacingOccurrences(
        of: #"<testcase name="testDeniedOffersSettingsAfterTap()" time="8.511" classname="CameraStateScreenTests"/>"#,
        with:
          #"<testcase name="testDeniedOffersSettingsAfterTap()" time="8.511" classname="CameraStateScreenTests"><failure message="Settings button missing"/></testcase>"#
      ))
    let (status, report, _) = try scenario.report()
    #expect(status == 1)
    #expect(report.codes(on: "ios/camera/denied") == ["test-failed"])
    #expect(report.status("ios/camera/denied") == .failing)
    #expect(report.findings.first { $0.code == .testFailed }?.message.contains("Settings button missing") == true)
  }

  @Test func aTruncatedJUnitFileIsUnreadable() throws {
    let scenario = try ExampleScenario.complete()
    let path = "ios/junit/ScannerUITests.junit.xml"
    try scenario.write(path, String(try scenario.read(path).prefix(700)))
    let (status, report, _) = try scenario.report()
    #expect(status == 1)
    let unreadable = report.findings.filter { $0.code == .unreadableEvidence }
    #expect(unreadable.map(\.files) == [[path]])
  }

  @Test func receipts() throws {
    let path = "ios/junit/CameraPromptReceiptTests.junit.xml"
    let cases: [(String, String, ReceiptStatus)] = [
      ("", "missing-receipt", .missing),
      (
        ExampleScenario.iosReceipt.replacingOccurrences(
          of: #"time="11.2" classname="CameraPromptReceiptTests"/>"#,
          with: #"time="11.2" classname="CameraPromptReceiptTests"><failure message="alert never came"/></testcase>"#),
        "receipt-failed", .failed
      ),
      (
        ExampleScenario.iosReceipt.replacingOccurrences(of: "iPhone 16 (18.6)", with: "iPhone SE (17.0)"),
        "receipt-off-release-device", .offReleaseDevice
      ),
    ]
    for (text, code, expected) in cases {
      let scenario = try ExampleScenario.complete()
      if text.isEmpty { try scenario.remove(path) } else { try scenario.write(path, text) }
      let (status, report, json) = try scenario.report()
      #expect(status == 1, "\(code)")
      #expect(report.codes(platform: "ios") == [code])
      let ios = (json["platforms"] as? [[String: Any]])?.last
      #expect((ios?["receipt"] as? [String: Any])?["status"] as? String == expected.rawValue)
    }
  }

  @Test func aSecondReceiptIsAWarningThatFailOnWarningTurnsIntoAFailure() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write(
      "stateproof.json",
      try scenario.read("stateproof.json").replacingOccurrences(
        of: #""receipt": "CameraPromptReceiptTests#"#, with: #""receipt": "*#"#))
    try scenario.write(
      "ios/junit/Extra.junit.xml",
      ExampleScenario.iosReceipt.replacingOccurrences(
        of: "CameraPromptReceiptTests", with: "OnboardingReceiptTests"))
    let (status, report, _) = try scenario.report()
    #expect(status == 0)
    #expect(report.verdict == .ready)
    #expect(report.codes(platform: "ios") == ["duplicate-receipt"])
    #expect(try scenario.report(["--fail-on", "warning"]).status == 1)
    #expect(try scenario.report(["--fail-on", "never"]).status == 0)
  }

  @Test func acceptedGapsKeepShowingWithTheirReason() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.remove("ios/junit/CameraPromptReceiptTests.junit.xml")
    let (status, report, json) = try scenario.report(["--allow", "missing-receipt:ios=no iOS device farm this release"])
    #expect(status == 0)
    #expect(report.verdict == .ready)
    let accepted = try #require(json["accepted"] as? [[String: Any]])
    #expect(accepted.map { $0["code"] as? String } == ["missing-receipt"])
    let acceptance = accepted.first?["accepted"] as? [String: Any]
    #expect(acceptance?["source"] as? String == "command line")
    #expect(acceptance?["reason"] as? String == "no iOS device farm this release")
  }

  /// An acceptance holds until its day has passed on this machine's clock, whatever time the
  /// report prints.
  @Test func expiredAcceptanceNoLongerHolds() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.remove("ios/junit/CameraPromptReceiptTests.junit.xml")
    let configuration = try scenario.read("stateproof.json")
    func accept(until day: String) throws {
      try scenario.write(
        "stateproof.json",
        configuration.replacingOccurrences(
          of: #""app": "Scanner","#,
          with:
            #""app": "Scanner", "allow": [{"code": "missing-receipt", "platform": "ios", "reason": "prompt copy under review", "until": "\#(day)"}],"#
        ))
    }
    try accept(until: "2999-12-31")
    let before = try scenario.report(["--generated-at", "2020-01-01T09:00:00Z"])
    #expect(before.status == 0)
    try accept(until: "2020-01-01")
    let after = try scenario.report(["--generated-at", "2020-01-01T09:00:00Z"])
    #expect(after.status == 1, "ended on 2020-01-01 by the clock, whatever --generated-at says")
    #expect(after.report.codes(platform: "ios") == ["missing-receipt"])
  }
}
