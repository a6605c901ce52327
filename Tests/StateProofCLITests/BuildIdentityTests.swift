import Foundation
import Mustache
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
import StateProofMatch
@testable import StateProofModel
@testable import StateProofRender

/// A sign-off is about one build: evidence of another version or variant, or from before the
/// evidence window, proves nothing for it and says so on the rows it would have proven; evidence
/// of several builds without one configured is named; the first screen says which build, when
/// and where.
@Suite(.temporaryFolders) struct BuildIdentityTests {
  /// A full `adb shell dumpsys package com.example.scanner` of Android 14 in AOSP's shape
  /// (`versionCode=… minSdk=… targetSdk=…`, `minExtensionVersions`, `versionName=`,
  /// `lastUpdateTime=` in the package block, `firstInstallTime=` per user), with another package
  /// of the same dump before it that names the build under test: only the app's block counts.
  static func fullDump(appVersion: String, appCode: String, otherVersion: String, otherCode: String) -> String {
    """
    Packages:
      Package [com.example.scanner.widget] (1f0e9d8):
        appId=10251
        pkg=Package{7c6b5a4 com.example.scanner.widget}
        versionCode=\(otherCode) minSdk=26 targetSdk=34
        minExtensionVersions=[]
        versionName=\(otherVersion)
        timeStamp=2025-11-24 15:02:10
        lastUpdateTime=2025-11-24 15:02:11
        User 0: ceDataInode=51388 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false quarantined=false
          installReason=0
          firstInstallTime=2025-11-20 08:11:02
          uninstallReason=0
          runtime permissions:
            android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]
      Package [com.example.scanner] (4d2c1b9):
        appId=10234
        pkg=Package{b81f6d2 com.example.scanner}
        codePath=/data/app/~~Xq3Lw0pZ8pN1sY2kH5dJqA==/com.example.scanner-Rk4T7nW2sZ1xV9cB3mQ6fA==
        primaryCpuAbi=arm64-v8a
        versionCode=\(appCode) minSdk=26 targetSdk=34
        minExtensionVersions=[]
        versionName=\(appVersion)
        usesNonSdkApi=false
        flags=[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]
        timeStamp=2025-11-17 10:02:44
        lastUpdateTime=2025-11-17 10:02:45
        installerPackageName=com.android.shell
        requested permissions:
          android.permission.CAMERA
          android.permission.INTERNET
        install permissions:
          android.permission.INTERNET: granted=true
        User 0: ceDataInode=51207 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false quarantined=false
          installReason=0
          firstInstallTime=2025-11-17 10:02:45
          uninstallReason=0
          gids=[3003]
          runtime permissions:
            android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]
          disabledComponents:
          enabledComponents:

    """
  }

  static let seedLog = "android/seed/seed-camera-blocked.log"
  static let connected = "android/app/build/outputs/androidTest-results/connected/release/TEST-Pixel 8 - 14-_app-.xml"
  static let unitTests =
    "android/app/build/test-results/testReleaseUnitTest/TEST-com.example.scanner.CameraScreenTest.xml"

  /// The rows a finding with `code` is on, and the platforms it is on without a row.
  static func places(_ report: BaselineReport, _ code: FindingCode, severity: Severity = .error) -> (
    rows: Set<String>, platforms: Set<String>
  ) {
    let found = report.findings.filter { $0.code == code && $0.severity == severity }
    return (
      Set(found.compactMap { $0.row?.description }),
      Set(found.filter { $0.row == nil }.compactMap { $0.platform?.rawValue })
    )
  }

  static func rowEvidence(_ json: [String: Any], _ row: String) -> [[String: Any]] {
    let platforms = json["platforms"] as? [[String: Any]] ?? []
    let rows = platforms.flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    return rows.first { $0["id"] as? String == row }?["evidence"] as? [[String: Any]] ?? []
  }

  static func platformBuild(_ json: [String: Any], _ platform: String) -> [String: Any] {
    let platforms = json["platforms"] as? [[String: Any]] ?? []
    return platforms.first { $0["platform"] as? String == platform }?["build"] as? [String: Any] ?? [:]
  }

  // MARK: The complete example: nothing refused

  @Test func theCompleteExampleNamesItsBuildAndTimeAndRefusesNothing() throws {
    let scenario = try ExampleScenario.complete()
    let (status, report, json) = try scenario.report()
    #expect(status == 0, "\(report.findings.map(\.message))")
    for code in [FindingCode.wrongBuild, .mixedBuilds, .staleEvidence] {
      #expect(!report.findings.contains { $0.code == code })
    }
    let android = Self.platformBuild(json, "android")
    let expected = try #require(android["expected"] as? [String: Any])
    #expect(expected["versionName"] as? String == "4.2.0")
    #expect(expected["versionCode"] as? String == "420")
    #expect(expected["variant"] as? String == "release")
    let named = try #require(android["named"] as? [[String: Any]])
    #expect(named.count == 2 && named.allSatisfy { $0["expected"] as? Bool == true })
    #expect(android["devices"] as? [String] == ["Pixel 8 - 14"])
    let window = try #require(json["evidenceWindow"] as? [String: Any])
    #expect(window["window"] as? String == "48h")
    #expect(window["reference"] as? String == "newest-evidence")
    #expect(window["cutoff"] as? String == "2025-11-22T16:03:09Z")
    // Each piece of evidence carries what it names: the seed its block's version, the AGP test
    // its variant and its suite's time (AGP writes UTC without saying so: said in the zone).
    let blocked = Self.rowEvidence(json, "android/camera/blocked")
    let seed = try #require(blocked.first { $0["kind"] as? String == "seed" })
    #expect((seed["build"] as? [String: Any])?["versionName"] as? String == "4.2.0")
    #expect(seed["time"] is NSNull)
    let test = try #require(blocked.first { $0["kind"] as? String == "test" })
    #expect((test["build"] as? [String: Any])?["variant"] as? String == "release")
    let time = try #require(test["time"] as? [String: Any])
    #expect(time["written"] as? String == "2025-11-24T15:40:02")
    #expect(time["zone"] as? String == "utc-by-producer")
    #expect(time["earliest"] as? String == "2025-11-24T15:40:02Z")
  }

  // MARK: wrong-build

  /// A seed log holding the whole dump of another `versionName`: the row it would prove says
  /// so, and no other row does. The other package's version in the same dump is not the app's.
  @Test func aSeedLogFromAnotherVersionIsWrongBuildOnItsRow() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write(
      Self.seedLog, Self.fullDump(appVersion: "4.1.0", appCode: "410", otherVersion: "4.2.0", otherCode: "420"))
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    let wrong = Self.places(report, .wrongBuild)
    #expect(wrong.rows == ["android/camera/blocked"])
    #expect(wrong.platforms.isEmpty)
    let finding = try #require(report.findings.first { $0.code == .wrongBuild })
    #expect(finding.files == [Self.seedLog])
    #expect(finding.message.contains("names versionName 4.1.0, not 4.2.0, versionCode 410, not 420 (dumpsys package)"))
    #expect(finding.message.contains("It proves nothing for this release."))
    #expect(report.status("android/camera/blocked") == .failing)
    #expect(!Self.rowEvidence(json, "android/camera/blocked").contains { $0["kind"] as? String == "seed" })
    #expect(report.codes(on: "android/camera/blocked").contains("missing-seed"))
    #expect(report.status("android/camera/granted") == .covered)
    // The inventory names the app's build only, and the platform block says it is not the one.
    let files = try #require(json["evidence"] as? [[String: Any]])
    let log = try #require(files.first { $0["path"] as? String == Self.seedLog })
    let builds = try #require(log["builds"] as? [[String: Any]])
    #expect(builds.map { $0["versionName"] as? String } == ["4.1.0"])
    let named = try #require(Self.platformBuild(json, "android")["named"] as? [[String: Any]])
    #expect(
      named.contains {
        ($0["build"] as? [String: Any])?["versionName"] as? String == "4.1.0" && $0["expected"] as? Bool == false
      })
  }

  /// The app's own block names the build under test; another package of the dump names an older
  /// one: nothing is refused.
  @Test func anotherPackagesVersionInTheDumpIsNotTheApps() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write(
      Self.seedLog, Self.fullDump(appVersion: "4.2.0", appCode: "420", otherVersion: "1.0.3", otherCode: "7"))
    let (status, report, _) = try scenario.report()
    #expect(status == 0, "\(report.findings.map(\.message))")
    #expect(report.status("android/camera/blocked") == .covered)
  }

  /// AGP's connected-test results of the `debug` variant, when `release` is under test: every
  /// row their tests prove and the receipt say so; the release unit tests still prove theirs.
  @Test func anAGPFolderForDebugIsWrongBuildWhenReleaseIsConfigured() throws {
    let scenario = try ExampleScenario.complete()
    let debug = Self.connected.replacingOccurrences(of: "/connected/release/", with: "/connected/debug/")
    try FileManager.default.createDirectory(
      at: scenario.url(debug).deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: scenario.url(Self.connected), to: scenario.url(debug))
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    let wrong = Self.places(report, .wrongBuild)
    #expect(
      wrong.rows == [
        "android/camera/not-asked", "android/camera/granted", "android/camera/denied-once", "android/camera/blocked",
      ])
    #expect(wrong.platforms == ["android"], "the receipt ran in the debug run too")
    #expect(report.findings.filter { $0.code == .wrongBuild }.allSatisfy { $0.files == [debug] })
    #expect(
      report.findings.contains {
        $0.code == .wrongBuild && $0.message.contains("names variant debug, not release (AGP output folder)")
      })
    #expect(report.status("android/camera/policy-denied") == .covered, "the release unit tests prove it")
    let receipt = try #require(report.findings.first { $0.code == .missingReceipt && $0.platform == .android })
    #expect(receipt.message.contains("on the build under test within the evidence window"))
    let missing = try #require(
      report.findings.first { $0.code == .missingTest && $0.row?.description == "android/camera/granted" })
    #expect(missing.message.contains("ran on the build under test within the evidence window."), "\(missing.message)")
    #expect(Self.rowEvidence(json, "android/camera/granted").allSatisfy { $0["path"] as? String != debug })
    // The receipt's wrong-build is told on its card and in its junit.xml case.
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    #expect(TestSupport.run(["report", "--format", "html,junit", "--out", out.path, scenario.root.path]).status == 1)
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    let card = try #require(
      html.components(separatedBy: #"id="receipt-android""#).dropFirst().first?
        .components(separatedBy: #"id="receipt-ios""#).first)
    #expect(card.contains("wrong-build"), "\(card)")
    let junit = try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
    let receiptCase = try #require(
      junit.components(separatedBy: "<testcase").first { $0.contains("receipt") && $0.contains("android") })
    #expect(receiptCase.contains(#"type="wrong-build""#))
  }

  // MARK: stale-evidence

  /// A JUnit file three days older than the rest, with a 48 h window: the row its test proves
  /// says so; the rows of the fresh files do not.
  @Test func aJUnitFileThreeDaysOlderIsStaleOnItsRow() throws {
    let scenario = try ExampleScenario.complete()
    let text = try scenario.read(Self.unitTests)
    try scenario.write(
      Self.unitTests,
      text.replacingOccurrences(of: #"timestamp="2025-11-24T15:28:41""#, with: #"timestamp="2025-11-21T15:28:41""#))
    let (status, report, _) = try scenario.report()
    #expect(status == 1)
    let stale = Self.places(report, .staleEvidence)
    #expect(stale.rows == ["android/camera/policy-denied"])
    #expect(stale.platforms.isEmpty)
    let finding = try #require(report.findings.first { $0.code == .staleEvidence })
    #expect(finding.files == [Self.unitTests])
    #expect(
      finding.message.contains("before the 48h window measured back from the newest evidence, 2025-11-24T16:03:09Z"))
    #expect(
      finding.message.contains(
        "at 2025-11-21T15:28:41Z (no zone written; its producer writes UTC) (testsuite timestamp), 3 d before"))
    #expect(report.status("android/camera/policy-denied") == .failing)
    #expect(report.status("android/camera/blocked") == .covered)
  }

  /// A file that broke part-way still proves what it gave before the break, so its time counts
  /// too: a JUnit file cut off three days after the rest is the newest evidence, and the window
  /// is measured back from it.
  @Test func aFileThatBrokePartWayIsMeasuredFromToo() throws {
    let scenario = try ExampleScenario.complete()
    let cut = Self.connected.replacingOccurrences(of: "_app-.xml", with: "_app-2.xml")
    try scenario.write(
      cut,
      """
      <?xml version='1.0' encoding='UTF-8' ?>
      <testsuite name="com.example.scanner.CameraStateTest" tests="2" failures="0" errors="0" skipped="0" time="3.104" timestamp="2025-11-27T15:40:02" hostname="localhost">
        <properties>
          <property name="device" value="Pixel 8 - 14" />
        </properties>
        <testcase name="grantedOpensViewfinder" classname="com.example.scanner.CameraStateTest" time="1.552" />
        <testcase name="blockedCam
      """)
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    #expect(report.findings.contains { $0.code == .unreadableEvidence && $0.files == [cut] })
    let window = try #require(json["evidenceWindow"] as? [String: Any])
    #expect((window["from"] as? [String: Any])?["written"] as? String == "2025-11-27T15:40:02")
    #expect(Self.places(report, .staleEvidence).rows.contains("android/camera/policy-denied"))
    let files = try #require(json["evidence"] as? [[String: Any]])
    let entry = try #require(files.first { $0["path"] as? String == cut })
    #expect(entry["status"] as? String == "unreadable")
  }

  /// Without a window, the same file is only listed with its time: nothing is stale.
  @Test func withoutAWindowNothingIsStale() throws {
    let scenario = try ExampleScenario.complete()
    let config = try scenario.read("stateproof.json")
    try scenario.write("stateproof.json", config.replacingOccurrences(of: #""window": "48h","#, with: ""))
    let text = try scenario.read(Self.unitTests)
    try scenario.write(
      Self.unitTests,
      text.replacingOccurrences(of: #"timestamp="2025-11-24T15:28:41""#, with: #"timestamp="2025-11-01T15:28:41""#))
    let (status, report, json) = try scenario.report()
    #expect(status == 0, "\(report.findings.map(\.message))")
    #expect(json["evidenceWindow"] is NSNull)
  }

  /// The iOS run's `summary` three days before the rest: the tests of its `tests` tree (which
  /// names no time itself) take its time, and the rows they prove say so.
  @Test func anIOSSummaryOutsideTheWindowIsStaleOnTheRowsOfItsRun() throws {
    let scenario = try ExampleScenario.complete()
    let summary = try scenario.read("ios/xcresult/summary.json")
    try scenario.write(
      "ios/xcresult/summary.json",
      summary.replacingOccurrences(of: "1764000189.733", with: "1763740989.733")
        .replacingOccurrences(of: "1764000071.204", with: "1763740871.204"))
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    let stale = Self.places(report, .staleEvidence)
    #expect(
      stale.rows == [
        "ios/camera/not-determined", "ios/camera/authorized", "ios/camera/denied", "ios/camera/restricted",
      ])
    #expect(report.findings.filter { $0.code == .staleEvidence }.allSatisfy { $0.files == ["ios/xcresult/tests.json"] })
    #expect(
      report.findings.contains { $0.code == .staleEvidence && $0.message.contains("(summary startTime), 3 d before") })
    #expect(!report.findings.contains { $0.code == .staleEvidence && $0.platform == .android })
    let files = try #require(json["evidence"] as? [[String: Any]])
    let tree = try #require(files.first { $0["path"] as? String == "ios/xcresult/tests.json" })
    #expect(((tree["time"] as? [String: Any])?["from"] as? [String: Any])?["source"] as? String == "summary startTime")
  }

  /// `--built-at` moves the window's reference: with a one-hour window, the unit tests that ran
  /// 35 minutes before the newest evidence are inside it, but not inside the hour before the
  /// candidate's build time.
  @Test func builtAtIsWhatTheWindowIsMeasuredFrom() throws {
    let scenario = try ExampleScenario.complete()
    let config = try scenario.read("stateproof.json")
    try scenario.write(
      "stateproof.json", config.replacingOccurrences(of: #""window": "48h""#, with: #""window": "1h""#))
    let fromNewest = try scenario.report()
    #expect(fromNewest.status == 0, "\(fromNewest.report.findings.map(\.message))")
    let (status, report, json) = try scenario.report(["--built-at", "2025-11-24T17:30:00+01:00"])
    #expect(status == 1)
    #expect(json["builtAt"] as? String == "2025-11-24T16:30:00Z")
    let window = try #require(json["evidenceWindow"] as? [String: Any])
    #expect(window["reference"] as? String == "built-at")
    #expect(window["cutoff"] as? String == "2025-11-24T15:30:00Z")
    #expect(Self.places(report, .staleEvidence).rows == ["android/camera/policy-denied"])
    #expect(
      report.findings.contains {
        $0.code == .staleEvidence && $0.message.contains("measured back from --built-at, 2025-11-24T16:30:00Z")
      })
    // A time without its zone is refused as a reference.
    let refused = TestSupport.run([
      "report", "--built-at", "2025-11-26T06:00:00", "--out", "/nonexistent/r", scenario.root.path,
    ])
    #expect(refused.status == 2)
    #expect(refused.errors.contains("--built-at takes an ISO 8601 date-time with its zone"))
  }

  /// A time written without a zone, where only its zone decides: taken as UTC it is outside the
  /// window, read as UTC−12's clock inside. It is named as a warning and still proves its row.
  @Test func aTimeWithoutZoneThatOnlyItsZoneWouldPutOutsideIsAWarning() throws {
    let scenario = try ExampleScenario.complete()
    // pytest writes local time without a zone: 2025-11-22 14:00 read as UTC is 2 h before the
    // cutoff (2025-11-22T16:03:09Z), read at UTC−12 (2025-11-23T02:00Z) it is inside.
    try scenario.write(
      "ios/junit/pytest-camera.xml",
      """
      <?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="0" failures="0" skipped="0" tests="1" time="0.052" timestamp="2025-11-22T14:00:00.226119" hostname="Mikes-iMac.local"><testcase classname="CameraStateScreenTests" name="testNotDeterminedExplainsBeforeAsking" time="0.001" /></testsuite></testsuites>
      """)
    let (_, report, _) = try scenario.report()
    #expect(Self.places(report, .staleEvidence, severity: .warning).rows == ["ios/camera/not-determined"])
    #expect(Self.places(report, .staleEvidence).rows.isEmpty)
    #expect(report.status("ios/camera/not-determined") == .covered)
    let warning = try #require(report.findings.first { $0.code == .staleEvidence })
    #expect(warning.message.contains("2025-11-22T14:00:00 (no zone written: UTC−12 to UTC+14)"))
    #expect(warning.message.contains("it still proves the row"))
  }

  // MARK: mixed-builds

  /// No build configured, and the evidence names two versions and two variants: one warning on
  /// the platform, naming each value with its files and the rows they prove.
  @Test func mixedBuildsWithoutConfigurationAreNamed() throws {
    let scenario = try ExampleScenario.complete()
    var config = try scenario.read("stateproof.json")
    for key in [
      #""versionName": "4.2.0","#, #""versionCode": 420,"#, #""variant": "release","#, #""versionCode": "1287","#,
    ] {
      config = config.replacingOccurrences(of: key, with: "")
    }
    try scenario.write("stateproof.json", config)
    try scenario.write(
      Self.seedLog, Self.fullDump(appVersion: "4.1.0", appCode: "410", otherVersion: "4.2.0", otherCode: "420"))
    let debug = Self.connected.replacingOccurrences(of: "/connected/release/", with: "/connected/debug/")
    try scenario.write(debug, try scenario.read(Self.connected))
    let (status, report, _) = try scenario.report()
    #expect(status == 0, "a warning does not block: \(report.findings.map(\.message))")
    #expect(!report.findings.contains { $0.code == .wrongBuild })
    let mixed = report.findings.filter { $0.code == .mixedBuilds }
    #expect(mixed.count == 1)
    let finding = try #require(mixed.first)
    #expect(finding.severity == .warning && finding.platform == .android && finding.row == nil)
    #expect(
      finding.message.contains(
        "2 versions: 4.1.0 in android/seed/seed-camera-blocked.log (proving android/camera/blocked)"))
    #expect(finding.message.contains("4.2.0 in android/seed/seed-camera-denied-once.log"))
    #expect(finding.message.contains("2 version codes: 410"))
    #expect(finding.message.contains("2 variants: debug in \(debug) (proving android/camera/not-asked"))
    #expect(finding.files.contains(Self.seedLog) && finding.files.contains(debug))
  }

  // MARK: The first screen

  /// The example's report says which build and when beside the verdict: in `index.html`'s header
  /// before the first blocker, and at the top of `report.md` before its first section.
  @Test func theExampleShowsItsBuildOnTheFirstScreen() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    #expect(
      TestSupport.run(["report", "--format", "html,md", "--out", out.path, TestSupport.scannerExample]).status == 1)
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    let line =
      "<li><strong>Android</strong>: build under test 4.2.0 (420) release; the evidence names 4.2.0 (420) in 4 files, variant release in 4 files"
    let header = try #require(html.range(of: "</header>"))
    let builds = try #require(html.range(of: line))
    #expect(builds.upperBound < header.lowerBound)
    #expect(
      html.contains(
        "<li><strong>iOS</strong>: build under test 4.2.0 (1287); the evidence names no build · collected 2025-11-24 16:01–16:03 UTC"
      ))
    #expect(
      html.contains(
        "<li>Evidence window 48h, measured back from the newest evidence (2025-11-24 16:03 UTC): evidence from before 2025-11-22 16:03 UTC proves nothing.</li>"
      ))
    let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    let opening = try #require(markdown.components(separatedBy: "\n## ").first)
    #expect(opening.contains("- **Android**: build under test 4.2.0 (420) release"))
    #expect(opening.contains("collected 2025-11-24 15:28–15:40 UTC; 10 files name no time · on Pixel 8 - 14"))
    #expect(opening.contains("- **iOS**: build under test 4.2.0 (1287); the evidence names no build"))
    // The inventory says what each file names, and what it names none of.
    #expect(html.contains("android/seed/seed-camera-blocked.log</td>"))
    #expect(html.contains("<td class=\"small\">4.2.0 (420) · names no time</td>"))
    #expect(html.contains("<td class=\"small\">names no build · names no time</td>"))
    #expect(
      html.contains(
        "<td class=\"small\">variant release · 2025-11-24 15:40 UTC (no zone written; its producer writes UTC)</td>"))
  }

  /// A farm's line names a dozen devices and counts the rest (the devices table lists them all),
  /// so it stays a line beside the verdict.
  @Test func aPlatformLineCountsDevicesPastADozen() {
    var build = PlatformBuild(expected: nil, filesWithoutBuild: 3, filesWithoutTime: 3)
    build.devices = (1...15).map { "Pixel \($0) - 14" }
    let line = BuildTimeText.platform(build)
    let named = (1...12).map { "Pixel \($0) - 14" }.joined(separator: ", ")
    #expect(line.devices == "on \(named) and 3 more")
    #expect(line.build == "no build under test configured; the evidence names no build")
    #expect(line.time == "no evidence names a time")
  }

  // MARK: --baseline

  /// A sign-off of 4.1.0 as the baseline: the report notes the build changed, in the model and
  /// both reports; the same build again notes nothing.
  @Test func theBaselineNotesWhenTheBuildChanged() throws {
    let scenario = try ExampleScenario.complete()
    let config = try scenario.read("stateproof.json")
    let old = try ExampleScenario.complete()
    try old.write(
      "stateproof.json",
      config.replacingOccurrences(
        of: #""versionName": "4.2.0",\#n      "versionCode": 420,"#,
        with: #""versionName": "4.1.0",\#n      "versionCode": 410,"#))
    let baseline = try TestSupport.temporaryFolder().appendingPathComponent("baseline")
    _ = TestSupport.run(["report", "--format", "json", "--out", baseline.path, old.root.path])
    // One run against the baseline gives the model and both reports.
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    _ = TestSupport.run([
      "report", "--format", "json,md,html", "--out", out.path, "--baseline",
      baseline.appendingPathComponent("report.json").path,
      scenario.root.path,
    ])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let changes = try #require(json["changes"] as? [String: Any])
    let builds = try #require(changes["builds"] as? [[String: Any]])
    #expect(builds.count == 1)
    #expect(builds.first?["platform"] as? String == "android")
    #expect(builds.first?["from"] as? String == "4.1.0 (410) release")
    #expect(builds.first?["to"] as? String == "4.2.0 (420) release")
    let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(markdown.contains("**Android build changed**: 4.1.0 (410) release then, 4.2.0 (420) release now."))
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("<strong>Android build changed</strong>: 4.1.0 (410) release then, 4.2.0 (420) release now."))
    let same = try scenario.report(["--baseline", out.appendingPathComponent("report.json").path])
    let unchanged = (same.json["changes"] as? [String: Any])?["builds"] as? [Any]
    #expect(unchanged?.isEmpty == true)
  }
}
