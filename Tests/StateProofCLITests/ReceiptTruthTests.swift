import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// Issue 37: a receipt that passed only on retry says so; a failed receipt says why where the
/// evidence shows it (the article's troubleshooting); a failure on a device no evidence names
/// reads as a sentence.
@Suite(.temporaryFolders) struct ReceiptTruthTests {
  typealias Report = TargetSdkReportTests
  static let sensitive = Report.sensitive

  static func androidConfig(
    flaky: String = "pass", perDevice: Bool = false, releaseDevices: [String] = ["Pixel 8 - 14"]
  ) -> String {
    let devices = releaseDevices.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"flaky": "\(flaky)", "perDevice": \(perDevice),
       "platforms": {"android": {"appId": "com.example.app", "receipt": "*#firstScanShowsSystemDialog", "releaseDevices": [\(devices)]}},
       "permissions": [{"id": "camera", "include": ["android/granted"], "reason": "the receipt is the subject",
         "rows": {"granted": {"requires": ["test"], "tests": ["*#grantedOpensViewfinder"], "reason": "tests only"}}}]}
      """
  }

  /// AGP's connected-test JUnit on `device`, run at `timestamp` (UTC, no zone, as ddmlib writes),
  /// the receipt failing with `failure` (nil: passing).
  static func agp(device: String = "Pixel 8 - 14", timestamp: String = "2026-11-27T09:05:00", receipt failure: String?)
    -> Data
  {
    let receipt =
      failure.map {
        """
            <testcase name="firstScanShowsSystemDialog" classname="com.example.app.CameraPromptReceiptTest" time="10.5">
              <failure>\($0)
        	at com.example.app.CameraPromptReceiptTest.firstScanShowsSystemDialog(CameraPromptReceiptTest.kt:31)</failure>
            </testcase>
        """
      }
      ?? #"    <testcase name="firstScanShowsSystemDialog" classname="com.example.app.CameraPromptReceiptTest" time="5.9" />"#
    return Data(
      """
      <?xml version='1.0' encoding='UTF-8' ?>
      <testsuite name="com.example.app.CameraStateTest" tests="2" failures="\(failure == nil ? 0 : 1)" errors="0" skipped="0" time="14.4" timestamp="\(timestamp)" hostname="localhost">
        <properties>
          <property name="device" value="\(device)" />
          <property name="flavor" value="" />
          <property name="project" value=":app" />
        </properties>
        <testcase name="grantedOpensViewfinder" classname="com.example.app.CameraStateTest" time="2.9" />
      \(receipt)
      </testsuite>

      """.utf8)
  }

  static let agpPath = "android/app/build/outputs/androidTest-results/connected/release/TEST-Pixel 8 - 14-_app-.xml"

  /// A CI log of the seed step with GitHub Actions' timestamps: the read-back at `time`.
  static func seedLog(time: String, _ line: String) -> Data {
    Data(
      """
      \(time) + adb shell pm revoke com.example.app android.permission.CAMERA
      \(time) + adb shell dumpsys package com.example.app | stateproof seed-check --permission camera --want not-asked
      \(time)         \(line)

      """.utf8)
  }

  // MARK: Flaky receipts

  /// A receipt that failed and then passed on retry (fastlane trainer's `Retry` repetitions,
  /// folded) is passed, with a `receipt-flaky` warning on its card; with `"flaky": "fail"` it is an
  /// error.
  @Test(arguments: ["pass", "fail"])
  func aReceiptThatPassedOnlyOnRetryIsWarned(policy: String) throws {
    let junit = Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites tests="2" failures="1">
        <testsuite name="ScannerUITests" tests="2" failures="1" time="24.0">
          <testcase classname="CameraPromptReceiptTests" name="testFirstScanShowsSystemPromptWithOurPurpose()" time="12.0">
            <properties><property name="repetition" value="First Run"/></properties>
            <failure message="CameraPromptReceiptTests.swift:14: XCTAssertTrue failed"/>
          </testcase>
          <testcase classname="CameraPromptReceiptTests" name="testFirstScanShowsSystemPromptWithOurPurpose()" time="12.0">
            <properties><property name="repetition" value="Retry 1"/></properties>
          </testcase>
        </testsuite>
      </testsuites>

      """.utf8)
    let config = """
      {"flaky": "\(policy)", "platforms": {"ios": {"appId": "com.example.app"}},
       "permissions": [{"id": "camera", "include": ["ios/authorized"], "reason": "the receipt is the subject",
         "rows": {"authorized": {"requires": ["test"], "tests": ["*#testAuthorized*"], "reason": "tests only"}}}]}
      """
    let (base, root) = try Report.evidence(config: config, files: ["ios/junit/ScannerUITests.junit.xml": junit])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: base.appendingPathComponent("r/report.json")))
        as? [String: Any])
    let receipt = ((json["platforms"] as? [[String: Any]])?.first?["receipt"] as? [String: Any]) ?? [:]
    let codes = report.findings.compactMap { $0["code"] as? String }
    if policy == "pass" {
      #expect(receipt["status"] as? String == "passed")
      let flaky = try #require(report.findings.first { $0["code"] as? String == "receipt-flaky" })
      #expect(flaky["severity"] as? String == "warning")
      #expect((flaky["message"] as? String)?.contains("only passed on retry: its first run failed") == true)
      #expect((flaky["message"] as? String)?.contains("XCTAssertTrue failed") == true)
      #expect(!codes.contains("receipt-failed"))
      // The card and the receipts table say it, beside "passed".
      let out = base.appendingPathComponent("html")
      _ = TestSupport.run(["report", "--format", "html,md", "--out", out.path, root.path])
      let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
      #expect(html.contains("only on retry") && html.contains("receipt-flaky"))
      let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
      #expect(markdown.contains("**passed** (only on retry)"))
    } else {
      #expect(receipt["status"] as? String == "failed")
      #expect(codes.contains("receipt-failed") && !codes.contains("receipt-flaky"))
      #expect(report.status == 1)
    }
  }

  /// Test Lab's retried attempt (`-rerun_1`) of a failed receipt folds into one flaky run: warned.
  @Test func aTestLabRerunReceiptIsWarned() throws {
    func result(_ failure: Bool) -> Data {
      Data(
        """
        <?xml version='1.0' encoding='UTF-8' ?>
        <testsuite name="" tests="1" failures="\(failure ? 1 : 0)" flakes="0" errors="0" skipped="0" time="11.9" timestamp="2026-11-30T08:1\(failure ? 2 : 6):40" hostname="localhost">
          <properties />
          <testcase name="firstScanShowsSystemDialog" classname="com.example.app.CameraPromptReceiptTest" time="11.9"\(failure ? ">\n    <failure>java.lang.AssertionError: system camera dialog did not appear</failure>\n  </testcase>" : " />")
        </testsuite>

        """.utf8)
    }
    let (base, root) = try Report.evidence(
      config: Self.androidConfig(releaseDevices: ["NexusLowRes"]),
      files: [
        "firebase/shard_0/NexusLowRes-28-en-portrait/test_result_1.xml": result(true),
        "firebase/shard_0/NexusLowRes-28-en-portrait-rerun_1/test_result_1.xml": result(false),
      ])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    let flaky = try #require(report.findings.first { $0["code"] as? String == "receipt-flaky" })
    #expect((flaky["message"] as? String)?.contains("system camera dialog did not appear") == true)
    #expect(!report.findings.contains { $0["code"] as? String == "receipt-failed" })
  }

  // MARK: The receipt's failure explained

  /// The last read-back on the receipt's device before it shows CAMERA blocked: the finding says
  /// the dialog could not appear, with the file and line.
  @Test func anAndroidReceiptAfterABlockedReadBackSaysWhy() throws {
    let (base, root) = try Report.evidence(
      config: Self.androidConfig(),
      files: [
        Self.agpPath: Self.agp(receipt: "java.lang.AssertionError: system camera dialog did not appear"),
        "android/seed/Pixel 8 - 14/seed-camera-denied-once.log": Self.seedLog(
          time: "2026-11-27T08:50:00.0000000Z",
          "android.permission.CAMERA: granted=false, flags=[ USER_SET|\(Self.sensitive)]"),
        "android/seed/Pixel 8 - 14/seed-camera-blocked.log": Self.seedLog(
          time: "2026-11-27T09:01:00.0000000Z",
          "android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED|\(Self.sensitive)]"),
        // After the receipt ran: no part of its story.
        "android/seed/Pixel 8 - 14/seed-camera-granted.log": Self.seedLog(
          time: "2026-11-27T09:30:00.0000000Z", "android.permission.CAMERA: granted=true, flags=[ \(Self.sensitive)]"),
      ])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    let failed = try #require(report.findings.first { $0["code"] as? String == "receipt-failed" })
    let message = failed["message"] as? String ?? ""
    #expect(
      message.contains(
        "The system dialog could not appear: the last read-back on Pixel 8 - 14 before it, android/seed/Pixel 8 - 14/seed-camera-blocked.log:3 shows android.permission.CAMERA blocked (USER_FIXED)"
      ), "\(message)")
    #expect(!message.contains("seed-camera-granted.log"))
    #expect((failed["files"] as? [String])?.contains("android/seed/Pixel 8 - 14/seed-camera-blocked.log") == true)
  }

  /// One-time and granted read-backs keep the dialog away too; a never-asked one, a read-back on
  /// another device, or one with no time says nothing, and the finding stays as it is.
  @Test(
    arguments: [
      (
        "USER_SET|ONE_TIME", true, "Pixel 8 - 14", "2026-11-27T09:01:00.0000000Z",
        "“Only this time” (ONE_TIME on CAMERA)"
      ),
      (
        "USER_SET", true, "Pixel 8 - 14", "2026-11-27T09:01:00.0000000Z",
        "granted: a granted permission is not asked again"
      ),
      ("", false, "Pixel 8 - 14", "2026-11-27T09:01:00.0000000Z", nil),
      ("USER_SET|USER_FIXED", false, "Pixel 7 - 14", "2026-11-27T09:01:00.0000000Z", nil),
      ("USER_SET|USER_FIXED", false, "Pixel 8 - 14", "", nil),
    ] as [(String, Bool, String, String, String?)])
  func anAndroidReceiptIsExplainedOnlyWhereTheReadBackShowsIt(
    flags: String, granted: Bool, device: String, time: String, expected: String?
  ) throws {
    let line =
      "android.permission.CAMERA: granted=\(granted), flags=[ \(flags.isEmpty ? "" : flags + "|")\(Self.sensitive)]"
    let log = time.isEmpty ? Data("\(line)\n".utf8) : Self.seedLog(time: time, line)
    let (base, root) = try Report.evidence(
      config: Self.androidConfig(releaseDevices: ["Pixel 8 - 14", "Pixel 7 - 14"]),
      files: [
        Self.agpPath: Self.agp(receipt: "java.lang.AssertionError: system camera dialog did not appear"),
        "android/seed/\(device)/seed-camera.log": log,
      ])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    let message = try #require(
      report.findings.first { $0["code"] as? String == "receipt-failed" }?["message"] as? String)
    if let expected {
      #expect(message.contains("The system dialog could not appear") && message.contains(expected), "\(message)")
    } else {
      #expect(!message.contains("could not appear"), "\(message)")
      #expect(message.hasSuffix("system camera dialog did not appear."), "\(message)")
    }
  }

  /// An iOS receipt that failed waiting for the alert: check the reset runs before `launch()`.
  @Test(arguments: [
    (
      "Failed to get matching snapshot: No matches found for Descendants matching type Alert from input {( Application, pid: 4812, label: 'SpringBoard' )}",
      true
    ),
    ("CameraPromptReceiptTests.swift:20: XCTAssertTrue failed - purpose string missing from the prompt", false),
  ])
  func anIOSReceiptWaitingForTheAlertSaysToResetFirst(message: String, explained: Bool) throws {
    let junit = Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites tests="1" failures="1">
        <testsuite name="ScannerUITests.xctest" tests="1" failures="1" time="12.0">
          <testcase classname="CameraPromptReceiptTests" name="testFirstScanShowsSystemPromptWithOurPurpose()" time="12.0">
            <failure message="\(message.replacingOccurrences(of: "'", with: "&apos;"))"/>
          </testcase>
        </testsuite>
      </testsuites>

      """.utf8)
    let config = """
      {"platforms": {"ios": {"appId": "com.example.app"}},
       "permissions": [{"id": "camera", "include": ["ios/authorized"], "reason": "the receipt is the subject",
         "rows": {"authorized": {"requires": ["test"], "tests": ["*#testAuthorized*"], "reason": "tests only"}}}]}
      """
    let (base, root) = try Report.evidence(config: config, files: ["ios/junit/ScannerUITests.junit.xml": junit])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    let text = try #require(report.findings.first { $0["code"] as? String == "receipt-failed" }?["message"] as? String)
    #expect(text.contains("check that resetAuthorizationStatus(for:) runs before launch()") == explained, "\(text)")
  }

  // MARK: Unknown devices

  /// With `perDevice`, a failure on a device no evidence names reads as a sentence, and still fails
  /// the row; one on a named device that is none of the release devices says which.
  @Test func aFailureOnAnUnknownDeviceReadsAsASentence() throws {
    let junit = Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuite name="com.example.app.CameraStateTest" tests="1" failures="1" errors="0" time="3.0">
        <testcase name="grantedOpensViewfinder" classname="com.example.app.CameraStateTest" time="3.0">
          <failure message="viewfinder not shown"/>
        </testcase>
      </testsuite>

      """.utf8)
    let (base, root) = try Report.evidence(
      config: Self.androidConfig(perDevice: true),
      files: [
        "android/junit/TEST-CameraStateTest.xml": junit,
        "android/other/TEST-Pixel 2 - 11-_app-.xml": Self.agp(device: "Pixel 2 - 11", receipt: nil)
          .replacing(
            Data(
              #"<testcase name="grantedOpensViewfinder" classname="com.example.app.CameraStateTest" time="2.9" />"#.utf8
            ),
            with: Data(
              #"<testcase name="grantedOpensViewfinder" classname="com.example.app.CameraStateTest" time="2.9"><failure>flaky viewfinder</failure></testcase>"#
                .utf8)),
      ])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    let row = try #require(report.rows["android/camera/granted"])
    let messages = (row["findings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "test-failed" }
      .compactMap { $0["message"] as? String }
    #expect(!messages.isEmpty && messages.allSatisfy { !$0.contains(",:") }, "\(messages)")
    #expect(
      messages.contains { $0.contains("failed on a device the evidence does not name: viewfinder not shown") },
      "\(messages)")
    #expect(
      messages.contains {
        $0.contains("failed on Pixel 2 - 11, which is none of the release devices: flaky viewfinder")
      }, "\(messages)")
  }
}
