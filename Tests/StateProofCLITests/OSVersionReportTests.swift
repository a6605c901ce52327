import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// Rows follow the OS versions of the devices the evidence and the configuration name: wording,
/// reachability on release devices outside a row's versions, and evidence from such devices.
@Suite(.temporaryFolders) struct OSVersionReportTests {
  /// A folder of evidence: `stateproof.json` and the files given, by relative path.
  static func evidence(config: String, files: [String: String] = [:]) throws -> URL {
    let root = try TestSupport.temporaryFolder().appendingPathComponent("evidence")
    for (path, text) in ["stateproof.json": config].merging(files, uniquingKeysWith: { $1 }) {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  /// Runs `report` over `root`: the exit status, the rows by id and every finding.
  static func report(_ root: URL) throws -> (
    status: Int32, rows: [String: [String: Any]], findings: [[String: Any]], errors: String
  ) {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    let result = TestSupport.run(["report", "--out", out.path, root.path])
    guard let data = try? Data(contentsOf: out.appendingPathComponent("report.json")) else {
      return (result.status, [:], [], result.errors)
    }
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var rows: [String: [String: Any]] = [:]
    for platform in json["platforms"] as? [[String: Any]] ?? [] {
      for row in platform["rows"] as? [[String: Any]] ?? [] { rows[row["id"] as? String ?? ""] = row }
    }
    return (result.status, rows, json["findings"] as? [[String: Any]] ?? [], result.errors)
  }

  static func config(releaseDevices: [String], perDevice: Bool = false, permissions: String) -> String {
    let devices = releaseDevices.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"perDevice": \(perDevice), "platforms": {"android": {"appId": "com.example.app", "releaseDevices": [\(devices)]}},
       "permissions": \(permissions)}
      """
  }

  /// Blocked is "denied twice" on an API 34 device and the "Don't ask again" box on API 29.
  @Test func theHTMLAndMarkdownRowsNameTheirOSVersions() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    let gallery = TestSupport.repositoryRoot.appendingPathComponent("examples/gallery").path
    _ = TestSupport.run(["report", "--out", out.path, gallery])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let ranges = Set(
      (json["platforms"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
        .compactMap { $0["os"] as? String })
    #expect(!ranges.isEmpty, "the gallery has rows limited to some OS versions")
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    for range in ranges {
      #expect(html.contains(">\(range)</span></th>"), "\(range)")
      #expect(markdown.contains("<br>\(range) |"), "\(range)")
    }
  }

  @Test func blockedWordingFollowsTheReleaseDevice() throws {
    let permissions =
      #"[{"id": "camera", "include": ["android/blocked", "android/denied-once"], "reason": "the wording of two rows"}]"#
    let api29 = try Self.report(
      try Self.evidence(config: Self.config(releaseDevices: ["Pixel 3 - 10"], permissions: permissions)))
    let api34 = try Self.report(
      try Self.evidence(config: Self.config(releaseDevices: ["Pixel 8 - 14"], permissions: permissions)))
    let old = try #require(api29.rows["android/camera/blocked"]?["whatHappened"] as? String)
    let new = try #require(api34.rows["android/camera/blocked"]?["whatHappened"] as? String)
    #expect(old == "ticked “Don't ask again” and denied")
    #expect(new == "denied twice")
    #expect(
      api29.rows["android/camera/denied-once"]?["whatHappened"] as? String == "denied without ticking “Don't ask again”"
    )
    // The seeding advice follows the device too: pm sets no permission flags before Android 12.
    func advice(_ findings: [[String: Any]]) -> String {
      findings.first { $0["code"] as? String == "missing-seed" && $0["row"] as? String == "android/camera/blocked" }?[
        "message"] as? String ?? ""
    }
    let old29 = advice(api29.findings)
    #expect(old29.contains("No adb command on Android 6 to 10") && old29.contains("“Don't ask again”"), "\(old29)")
    #expect(!old29.contains(".."), "one full stop: \(old29)")
    #expect(!old29.contains("set-permission-flags com.example.app"), "\(old29)")
    let set34 = "adb shell pm set-permission-flags com.example.app android.permission.CAMERA"
    #expect(advice(api34.findings).contains(set34))
    // Devices on both sides: both wordings, each with its versions.
    let both = try Self.report(
      try Self.evidence(
        config: Self.config(releaseDevices: ["Pixel 3 - 10", "Pixel 8 - 14"], permissions: permissions)))
    let mixed = try #require(both.rows["android/camera/blocked"]?["whatHappened"] as? String)
    #expect(mixed == "ticked “Don't ask again” and denied (Android 6 to 10); denied twice (Android 11 and later)")
  }

  /// Notifications are a runtime permission from Android 13: on a release device running 12 the
  /// rows cannot happen, and say why; a device on 13 or later still needs them.
  @Test func aReleaseDeviceOutsideARowsVersionsMakesItUnreachable() throws {
    let permissions =
      #"[{"id": "notifications", "include": ["android/granted", "android/blocked"], "reason": "two rows are enough"}]"#
    let twelve = try Self.report(
      try Self.evidence(config: Self.config(releaseDevices: ["Pixel 6 - 12"], permissions: permissions)))
    let granted = try #require(twelve.rows["android/notifications/granted"])
    #expect(granted["status"] as? String == "unreachable")
    #expect(granted["os"] as? String == "Android 13 and later")
    #expect(
      (granted["reason"] as? String)?.contains("Before Android 13 notifications are no runtime permission") == true)
    #expect((granted["reason"] as? String)?.contains("Pixel 6 - 12 (Android 12 (API 31))") == true)
    #expect(twelve.findings.allSatisfy { $0["row"] is NSNull }, "no row is a gap")
    let both = try Self.report(
      try Self.evidence(
        config: Self.config(releaseDevices: ["Pixel 6 - 12", "Pixel 8 - 14"], permissions: permissions)))
    #expect(both.rows["android/notifications/granted"]?["status"] as? String == "incomplete")
    // A row × device grid: unreachable on the 12 device only.
    let grid = try Self.report(
      try Self.evidence(
        config: Self.config(
          releaseDevices: ["Pixel 6 - 12", "Pixel 8 - 14"], perDevice: true, permissions: permissions)))
    let cells = try #require(grid.rows["android/notifications/granted"]?["devices"] as? [[String: Any]])
    #expect(cells.map { $0["status"] as? String } == ["unreachable", "incomplete"])
  }

  /// Evidence from a device outside the row's versions proves nothing for it and says so: a
  /// JUnit `device` property, an AGP device folder, a getprop line in the seed log.
  @Test func evidenceFromADeviceOutsideTheRangeDoesNotProve() throws {
    let permissions = #"[{"id": "notifications", "include": ["android/granted"], "reason": "one row is enough"}]"#
    let junit = """
      <?xml version='1.0' encoding='UTF-8' ?>
      <testsuite name="com.example.app.NotificationsStateTest" tests="1" failures="0" errors="0" skipped="0" time="2.1" timestamp="2026-11-27T09:14:02" hostname="localhost">
        <properties>
          <property name="device" value="Pixel 6 - 12" />
        </properties>
        <testcase name="grantedShowsNotifications" classname="com.example.app.NotificationsStateTest" time="2.1" />
      </testsuite>

      """
    let line =
      "android.permission.POST_NOTIFICATIONS: granted=true, flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]\n"
    // Pixel 6 - 12 is a release device too, so its folder names it; the row stays reachable
    // through Pixel 8 - 14.
    let root = try Self.evidence(
      config: Self.config(releaseDevices: ["Pixel 8 - 14", "Pixel 6 - 12"], permissions: permissions),
      files: [
        "android/junit/TEST-Pixel 6 - 12-_app-.xml": junit,
        "android/seed/Pixel 6 - 12/seed-notifications-granted.log": line,
        "android/seed/seed-notifications-granted.log": "[ro.build.version.sdk]: [31]\n" + line,
        "android/screenshots/notifications/granted.png": "",
      ])
    let report = try Self.report(root)
    let row = try #require(report.rows["android/notifications/granted"])
    #expect(row["status"] as? String == "incomplete")
    let codes = Set((row["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String })
    #expect(codes.isSuperset(of: ["evidence-outside-os-range", "missing-seed", "missing-test"]))
    let warning = try #require(
      (row["findings"] as? [[String: Any]])?.first { $0["code"] as? String == "evidence-outside-os-range" })
    #expect((warning["message"] as? String)?.contains("Android 12 (API 31)") == true)
    #expect((warning["message"] as? String)?.contains("Android 13 and later only") == true)
    #expect(
      Set(warning["files"] as? [String] ?? []) == [
        "android/junit/TEST-Pixel 6 - 12-_app-.xml", "android/seed/Pixel 6 - 12/seed-notifications-granted.log",
        "android/seed/seed-notifications-granted.log",
      ])
    // The same evidence from a device on 13 proves the seed and the test.
    let ok = try Self.evidence(
      config: Self.config(releaseDevices: ["Pixel 8 - 14"], permissions: permissions),
      files: [
        "android/junit/TEST-Pixel 8 - 14-_app-.xml": junit.replacingOccurrences(
          of: "Pixel 6 - 12", with: "Pixel 8 - 14"),
        "android/seed/seed-notifications-granted.log": "[ro.build.version.sdk]: [34]\n" + line,
      ])
    let okRow = try #require(try Self.report(ok).rows["android/notifications/granted"])
    let okCodes = Set((okRow["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String })
    #expect(okCodes == ["missing-screenshot"])
  }

  /// A configuration limits a row to versions with `"android": ">=13"`; a mistake there names
  /// the key path.
  @Test func aConfiguredRangeLimitsTheRow() throws {
    let permissions =
      #"[{"id": "camera", "include": ["android/granted"], "reason": "one row is enough", "rows": {"android/granted": {"android": ">=13", "reason": "the camera screen needs Android 13"}}}]"#
    let report = try Self.report(
      try Self.evidence(config: Self.config(releaseDevices: ["Pixel 6 - 12"], permissions: permissions)))
    let row = try #require(report.rows["android/camera/granted"])
    #expect(row["status"] as? String == "unreachable" && row["os"] as? String == "Android 13 and later")
    let bad = #"[{"id": "camera", "rows": {"android/granted": {"android": ">=thirteen"}}}]"#
    let refused = try Self.report(try Self.evidence(config: Self.config(releaseDevices: [], permissions: bad)))
    #expect(refused.status == 2)
    #expect(refused.errors.contains("permissions[0].rows.android/granted.android: \"thirteen\" is no Android release"))
    let crossed = #"[{"id": "camera", "rows": {"android/granted": {"ios": ">=14"}}}]"#
    let crossedReport = try Self.report(
      try Self.evidence(config: Self.config(releaseDevices: [], permissions: crossed)))
    #expect(crossedReport.status == 2 && crossedReport.errors.contains("an Android row takes no iOS versions"))
  }

  /// iOS notifications: provisional is a row, restricted is none, and asking for it is an error
  /// that lists the states there are.
  @Test func notificationsNeedNoRestrictedRowOnIOS() throws {
    let config = #"{"platforms": {"ios": {"appId": "com.example.app"}}, "permissions": [{"id": "notifications"}]}"#
    let report = try Self.report(try Self.evidence(config: config))
    #expect(report.rows["ios/notifications/restricted"] == nil)
    #expect(report.rows["ios/notifications/provisional"]?["reachable"] as? Bool == true)
    #expect(report.rows["ios/notifications/ephemeral"]?["status"] as? String == "unreachable")
    let asked = #"{"permissions": [{"id": "notifications", "rows": {"ios/restricted": {"tests": ["*#restricted*"]}}}]}"#
    let refused = try Self.report(try Self.evidence(config: asked))
    #expect(refused.status == 2)
    #expect(
      refused.errors.contains(
        "iOS's states for notifications are not-determined, authorized, provisional, denied, ephemeral, denied-twice"))
  }

  /// Issue 20: a device policy that grants is policy-granted; its line never proves the denied row.
  @Test func aPolicyGrantedLineProvesOnlyPolicyGranted() throws {
    let permissions = #"""
      [{"id": "camera", "include": ["android/policy-granted", "android/policy-fixed"], "reason": "the policy rows",
        "rows": {"android/policy-granted": {"requires": ["seed"], "reason": "the seed line is the point"},
                 "android/policy-fixed": {"requires": ["seed"], "reason": "the seed line is the point"}}}]
      """#
    let root = try Self.evidence(
      config: Self.config(releaseDevices: [], permissions: permissions),
      files: [
        "android/seed/seed-camera-policy.log":
          "android.permission.CAMERA: granted=true, flags=[ POLICY_FIXED|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]\n"
      ])
    let report = try Self.report(root)
    #expect(report.rows["android/camera/policy-granted"]?["status"] as? String == "covered")
    let denied = try #require(report.rows["android/camera/policy-denied"])
    #expect(denied["status"] as? String == "incomplete")
    #expect((denied["evidence"] as? [Any])?.isEmpty == true)
  }
}
