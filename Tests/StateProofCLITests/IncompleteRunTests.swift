import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
import StateProofMatch
@testable import StateProofModel

/// Runs that stopped before they finished, on the complete example: each must make the release
/// not ready for that reason, on the right platform and device, shown on the receipt card; the
/// tests that ran before the stop still count. And failure messages reach the report whole.
@Suite(.temporaryFolders) struct IncompleteRunTests {
  static let connected = "android/app/build/outputs/androidTest-results/connected/release/TEST-Pixel 8 - 14-_app-.xml"
  static let jvm = "android/app/build/test-results/testReleaseUnitTest/TEST-com.example.scanner.CameraScreenTest.xml"

  /// What one `report` run wrote.
  struct Outcome {
    var status: Int32
    var report: BaselineReport
    var json: [String: Any]
    var html: String
    var markdown: String
    var junit: String

    func findings(_ code: FindingCode) -> [Finding] { report.findings.filter { $0.code == code } }

    func file(_ path: String) -> [String: Any]? {
      (json["evidence"] as? [[String: Any]])?.first { $0["path"] as? String == path }
    }

    func platform(_ name: String) -> [String: Any]? {
      (json["platforms"] as? [[String: Any]])?.first { $0["platform"] as? String == name }
    }

    /// The receipts section of index.html.
    var receiptCards: Substring {
      guard let start = html.range(of: "<h2 id=\"receipts\">"),
        let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)
      else { return "" }
      return html[start.lowerBound..<end.lowerBound]
    }

    /// The receipts table of report.md.
    var markdownReceipts: Substring {
      guard let start = markdown.range(of: "## Receipts"),
        let end = markdown.range(of: "\n## ", range: start.upperBound..<markdown.endIndex)
      else { return "" }
      return markdown[start.lowerBound..<end.lowerBound]
    }
  }

  static func report(_ scenario: ExampleScenario, _ extra: [String] = []) throws -> Outcome {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let result = TestSupport.run(["report", "--out", out.path] + extra + [scenario.root.path])
    let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    func text(_ name: String) throws -> String {
      try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
    }
    return Outcome(
      status: result.status, report: try JSONDecoder().decode(BaselineReport.self, from: data), json: json,
      html: try text("index.html"), markdown: try text("report.md"), junit: try text("junit.xml"))
  }

  /// The example's connected-test file as AGP writes it after the instrumentation crashed: the
  /// cases before the crash (`kept` of them), the crash in the suite's system-err.
  static func crashedConnectedFile(_ scenario: ExampleScenario, keeping kept: [String]) throws -> String {
    let original = try scenario.read(connected)
    var lines = original.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      !line.contains("<testcase ") || kept.contains { line.contains("name=\"\($0)\"") }
    }
    let end = try #require(lines.firstIndex(of: "</testsuite>"))
    lines.insert(
      "  <system-err>Test run failed to complete. Instrumentation run failed due to 'Process crashed.'</system-err>",
      at: end)
    return lines.joined(separator: "\n")
  }

  @Test func anAndroidCrashMakesTheReleaseNotReadyButKeepsTheTestsThatRan() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write(
      Self.connected,
      try Self.crashedConnectedFile(
        scenario,
        keeping: ["notAskedShowsExplainerBeforeSystemPrompt", "grantedOpensViewfinder", "firstScanShowsSystemDialog"]))
    let outcome = try Self.report(scenario)
    #expect(outcome.status == 1)
    #expect(outcome.report.verdict == .notReady)
    let stops = outcome.findings(.runIncomplete)
    #expect(stops.count == 1)
    let stop = try #require(stops.first)
    #expect(stop.platform == .android && stop.row == nil && stop.severity == .error)
    #expect(stop.files == [Self.connected])
    #expect(stop.message.contains(Self.connected))
    #expect(stop.message.contains("on Pixel 8 - 14"))
    #expect(stop.message.contains("Test run failed to complete. Instrumentation run failed due to 'Process crashed.'"))
    // The file was read, not refused.
    #expect(outcome.file(Self.connected)?["status"] as? String == "read")
    #expect(outcome.file(Self.connected)?["error"] is NSNull)
    #expect(outcome.findings(.unreadableEvidence).isEmpty)
    // The tests before the crash still prove their rows; the ones after it never ran.
    #expect(outcome.report.status("android/camera/not-asked") == .covered)
    #expect(outcome.report.status("android/camera/granted") == .covered)
    #expect(outcome.report.codes(on: "android/camera/denied-once") == ["missing-test"])
    #expect(outcome.report.codes(on: "android/camera/blocked") == ["missing-test"])
    #expect(outcome.report.codes(platform: "android") == ["run-incomplete"])
    #expect(outcome.report.codes(platform: "ios").isEmpty)
    let android = try #require(outcome.platform("android"))
    #expect((android["receipt"] as? [String: Any])?["status"] as? String == "passed")
    let runs = try #require(android["incompleteRuns"] as? [[String: Any]])
    #expect(runs.map { $0["device"] as? String } == ["Pixel 8 - 14"])
    #expect(runs.map { $0["path"] as? String } == [Self.connected])
    #expect((outcome.platform("ios")?["incompleteRuns"] as? [Any])?.isEmpty == true)
    // The receipt card shows it, in index.html and in report.md.
    let cards = outcome.receiptCards
    #expect(cards.contains("Run stopped before it finished</span> on Pixel 8 - 14"))
    #expect(
      cards.contains(#"<div class="receipt tone-error" id="receipt-android">"#),
      "a passed receipt of a stopped run looks like the blocker it is")
    #expect(cards.contains("<code>run-incomplete</code>"), "with what to do about it")
    #expect(cards.contains("Instrumentation run failed due to &#39;Process crashed.&#39;"))
    #expect(cards.contains(Self.connected))
    #expect(outcome.markdownReceipts.contains("run stopped before it finished on Pixel 8 - 14"))
    #expect(outcome.markdownReceipts.contains("Process crashed."))
    #expect(outcome.junit.contains(#"type="run-incomplete""#))
  }

  @Test func aStopIsAcceptedOnlyOnItsPlatform() throws {
    let scenario = try ExampleScenario.complete()
    // A crash after the last test (in teardown): every row is proven, the stop alone blocks.
    let every = try scenario.read(Self.connected).split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: #"name=""#) else { return nil }
      return String(line[range.upperBound...].prefix { $0 != "\"" })
    }
    try scenario.write(Self.connected, try Self.crashedConnectedFile(scenario, keeping: every))
    let open = try Self.report(scenario)
    #expect(open.status == 1)
    #expect(open.report.findings.filter { $0.severity == .error }.map(\.code) == [.runIncomplete])
    #expect(try Self.report(scenario, ["--allow", "run-incomplete:ios=the iOS run is proven elsewhere"]).status == 1)
    let accepted = try Self.report(
      scenario, ["--allow", "run-incomplete:android=the missing tests ran in the next shard"])
    #expect(accepted.status == 0)
    #expect(accepted.report.verdict == .ready)
    let acceptedCodes = (accepted.json["accepted"] as? [[String: Any]])?.map { $0["code"] as? String }
    #expect(acceptedCodes == ["run-incomplete"])
  }

  @Test func aFailedInstallInAgpsNamelessSuiteIsReadAndNotReady() throws {
    let scenario = try ExampleScenario.complete()
    let path = "android/app/build/outputs/androidTest-results/connected/debug/TEST-Pixel 8 - 14-_app-.xml"
    try scenario.write(
      path,
      """
      <?xml version='1.0' encoding='UTF-8' ?>
      <testsuite tests="0" failures="0" errors="0" skipped="0" time="0.0" timestamp="2026-11-27T08:58:12" hostname="localhost">
        <properties>
          <property name="device" value="Pixel 8 - 14" />
          <property name="flavor" value="" />
          <property name="project" value=":app" />
        </properties>
        <system-err>com.android.builder.testing.api.DeviceException: com.android.ddmlib.InstallException: Failed to install split APK(s): [/builds/scanner/app/build/outputs/apk/debug/app-debug.apk]
      INSTALL_FAILED_INSUFFICIENT_STORAGE: Failed to override installation location
      </system-err>
      </testsuite>

      """)
    let outcome = try Self.report(scenario)
    #expect(outcome.status == 1)
    #expect(outcome.file(path)?["status"] as? String == "read")
    #expect(outcome.file(path)?["devices"] as? [String] == ["Pixel 8 - 14"])
    let stop = try #require(outcome.findings(.runIncomplete).first)
    #expect(outcome.findings(.runIncomplete).count == 1)
    #expect(stop.platform == .android && stop.files == [path])
    #expect(stop.message.contains("\(path):8"))
    #expect(
      stop.message.contains(
        "com.android.builder.testing.api.DeviceException: com.android.ddmlib.InstallException: Failed to install split APK(s)"
      ))
    #expect(
      outcome.receiptCards.contains("INSTALL_FAILED_INSUFFICIENT_STORAGE: Failed to override installation location"))
    #expect(outcome.receiptCards.contains("<details class=\"message\">"))
  }

  @Test func aConverterRestartIsAStopOnIOS() throws {
    let scenario = try ExampleScenario.complete()
    let path = "ios/junit/ScannerUITests-retry.xml"
    try scenario.write(
      path,
      """
      <testsuites name="All tests" tests="2" failures="1">
          <testsuite name="ManualEntryTests" tests="2" failures="1">
              <testcase classname="ManualEntryTests" name="testManualEntryAcceptsShelfCode" time="8.598" />
              <testcase classname="ManualEntryTests" name="testManualEntryRejectsEmptyCode">
                  <failure message="Restarting after unexpected exit, crash, or test timeout in ManualEntryTests.testManualEntryRejectsEmptyCode(); summary will include totals from previous launches." />
              </testcase>
          </testsuite>
      </testsuites>
      """)
    let outcome = try Self.report(scenario)
    #expect(outcome.status == 1)
    #expect(outcome.report.codes(platform: "ios") == ["run-incomplete"])
    #expect(outcome.report.codes(platform: "android").isEmpty)
    let stop = try #require(outcome.findings(.runIncomplete).first)
    #expect(stop.files == [path])
    #expect(
      stop.message.contains(
        "Restarting after unexpected exit, crash, or test timeout in ManualEntryTests.testManualEntryRejectsEmptyCode()"
      ))
    // The rows the other iOS file proves stay covered.
    #expect(outcome.report.status("ios/camera/denied") == .covered)
  }

  @Test func xcresultparserSessionLevelIssuesAreAStopOnIOS() throws {
    let scenario = try ExampleScenario.complete()
    let path = "ios/junit/ScannerUITests.junit.xml"
    try scenario.write(
      path,
      try scenario.read(path).replacingOccurrences(
        of: "</testsuites>",
        with: """
            <testsuite name="Session-level issues" tests="1" failures="1" errors="0" time="0">
              <testcase name="Issues recorded without an associated test or suite" classname="ScannerUITests" time="0">
                <failure message="Session-level failure in ScannerUITests: Issues recorded without an associated test or suite" type="Session-level failure">Issue recorded: The test runner exited with code 11 before finishing running tests. (ScannerUITests.swift:0)</failure>
              </testcase>
            </testsuite>
          </testsuites>
          """))
    let outcome = try Self.report(scenario)
    #expect(outcome.status == 1)
    #expect(outcome.report.codes(platform: "ios") == ["run-incomplete"])
    let stop = try #require(outcome.findings(.runIncomplete).first)
    #expect(stop.message.contains("Session-level failure in ScannerUITests"))
    let runs = try #require(outcome.platform("ios")?["incompleteRuns"] as? [[String: Any]])
    #expect(runs.first?["suite"] as? String == "Session-level issues")
    #expect(
      (runs.first?["cause"] as? String)?.contains("\nIssue recorded: The test runner exited with code 11") == true)
    #expect(outcome.report.status("ios/camera/authorized") == .covered)
  }

  @Test func aSuiteLevelErrorIsAStop() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write(
      Self.jvm,
      try scenario.read(Self.jvm).replacingOccurrences(
        of: "  <system-out>",
        with: """
            <error message="java.lang.NoClassDefFoundError: com/example/scanner/CameraGate" type="java.lang.NoClassDefFoundError">java.lang.NoClassDefFoundError: com/example/scanner/CameraGate
          \tat java.base/java.lang.Class.forName0(Native Method)
          </error>
            <system-out>
          """))
    let outcome = try Self.report(scenario)
    #expect(outcome.status == 1)
    #expect(outcome.report.codes(platform: "android") == ["run-incomplete"])
    let stop = try #require(outcome.findings(.runIncomplete).first)
    #expect(stop.files == [Self.jvm])
    #expect(stop.message.contains("java.lang.NoClassDefFoundError: com/example/scanner/CameraGate"))
  }

  @Test func gradleLogsInSystemErrAreNoStop() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write(
      Self.jvm,
      try scenario.read(Self.jvm).replacingOccurrences(
        of: "<system-err><![CDATA[]]></system-err>",
        with: """
          <system-err><![CDATA[SLF4J: No SLF4J providers were found.
          SLF4J: Defaulting to no-operation (NOP) logger implementation
          09:02:41.118 [Test worker] WARN  c.e.s.CameraRepository - camera disabled by policy, showing settings
          java.lang.SecurityException: camera disabled by device policy
          \tat com.example.scanner.CameraRepository.open(CameraRepository.kt:58)
          ]]></system-err>
          """))
    let outcome = try Self.report(scenario)
    #expect(outcome.status == 0)
    #expect(outcome.report.verdict == .ready)
    #expect(outcome.findings(.runIncomplete).isEmpty)
  }

  @Test func aMultiLineFailureMessageReachesTheReportWhole() throws {
    let scenario = try ExampleScenario.complete()
    let path = "ios/junit/ScannerUITests.junit.xml"
    let first = "CameraStateScreenTests.swift:88: XCTAssertTrue failed - Settings button missing"
    let rest =
      "The screen showed: openSettings = false\n    in CameraStateScreenTests.testDeniedOffersSettingsAfterTap()"
    try scenario.write(
      path,
      try scenario.read(path).replacingOccurrences(
        of: #"<testcase name="testDeniedOffersSettingsAfterTap()" time="8.511" classname="CameraStateScreenTests"/>"#,
        with:
          #"<testcase name="testDeniedOffersSettingsAfterTap()" time="8.511" classname="CameraStateScreenTests"><failure message="\#(first)&#10;The screen showed: openSettings = false&#10;    in CameraStateScreenTests.testDeniedOffersSettingsAfterTap()"/></testcase>"#
      ))
    let outcome = try Self.report(scenario)
    #expect(outcome.status == 1)
    let denied = try #require(
      outcome.platform("ios").flatMap {
        ($0["rows"] as? [[String: Any]])?.first { $0["id"] as? String == "ios/camera/denied" }
      })
    let messages = (denied["evidence"] as? [[String: Any]])?.compactMap { $0["message"] as? String }
    #expect(messages == [first + "\n" + rest])
    let failed = try #require(outcome.findings(.testFailed).first)
    #expect(failed.message.contains(first))
    #expect(!failed.message.contains("openSettings = false"))
    #expect(outcome.html.contains("<details class=\"message\"><summary>\(first)</summary><pre>\(rest)</pre></details>"))
    // report.md shows the first line, marked as shortened ("[…]", escaped for Markdown).
    #expect(outcome.markdown.contains("(failed: \(first) \\[…\\])"))
  }
}
