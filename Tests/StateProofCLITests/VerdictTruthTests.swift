import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofKnowledge

/// Issue 37 (review 3): the false greens and the corrected facts, each through `seed-check` or
/// `report` as a user runs them, on `dumpsys package` lines in the shapes Android 14 prints.
@Suite(.temporaryFolders) struct VerdictTruthTests {
  typealias Report = TargetSdkReportTests
  static let sensitive = Report.sensitive

  static func line(_ name: String, _ granted: Bool, _ flags: String) -> String {
    "android.permission.\(name): granted=\(granted), flags=[ \(flags.isEmpty ? "" : flags + "|")\(sensitive)]"
  }

  /// A passing test named for each of `states` and a screenshot of each, so a row lacks only what
  /// its read-back says.
  static func testsAndScreens(_ permission: String, _ states: [String]) -> [String: Data] {
    var files: [String: Data] = [
      "android/junit/TEST-\(permission).xml": NewPermissionsReportTests.junit(
        states.map { NewPermissionsReportTests.testName(permission, $0) },
        suite: "com.example.app.\(permission)StateTests")
    ]
    for state in states {
      files["android/screenshots/\(permission)/\(state).png"] = TestImage.png(tag: "\(permission) \(state)")
    }
    return files
  }

  /// `seed-check` on a dump holding `lines` for an app targeting `targetSdk`: status and errors.
  static func seedCheck(_ permission: String, want: String, targetSdk: Int = 34, _ lines: [String]) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dump = folder.appendingPathComponent("dump.txt")
    try Report.dump(targetSdk: targetSdk, lines).write(to: dump)
    return TestSupport.run([
      "seed-check", "--package", "com.example.app", "--permission", permission, "--want", want, dump.path,
    ])
  }

  // MARK: The false greens

  /// Review B7/B8: background location resting on an "Only this time" foreground grant lapses
  /// with it; neither background row is covered, and the finding names the one-time lines.
  @Test(arguments: [("background", false), ("background-denied", true)])
  func aOneTimeForegroundGrantProvesNoBackgroundRow(state: String, refused: Bool) throws {
    let permissions =
      #"[{"id": "location", "include": ["background", "background-denied"], "reason": "the rows in question"}]"#
    let (base, root) = try Report.evidence(
      config: Report.config(permissions: permissions),
      files: Self.testsAndScreens("location", ["background", "background-denied"]).merging([
        "android/seed/seed-location-\(state).log": Report.dump(
          targetSdk: 34,
          [
            Self.line("ACCESS_FINE_LOCATION", true, "USER_SET|ONE_TIME"),
            Self.line("ACCESS_COARSE_LOCATION", true, "USER_SET|ONE_TIME"),
            refused
              ? Self.line("ACCESS_BACKGROUND_LOCATION", false, "USER_SET")
              : Self.line("ACCESS_BACKGROUND_LOCATION", true, "USER_SET"),
          ])
      ]) { $1 })
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    let row = try #require(report.rows["android/location/\(state)"])
    #expect(row["status"] as? String != "covered", "\(Report.codes(row))")
    #expect(Report.codes(row).isSuperset(of: ["one-time-grant", "missing-seed"]), "\(Report.codes(row))")
    let message =
      (row["findings"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "one-time-grant" }?["message"]
      as? String
    #expect(message?.contains("ACCESS_FINE_LOCATION and ACCESS_COARSE_LOCATION") == true, "\(message ?? "")")
    #expect(report.status == 1)
  }

  /// Review B9: precise is both lines granted; fine granted beside coarse denied once is no state
  /// a user reaches, and the seed step that wanted precise did not take.
  @Test func preciseNeedsCoarseGrantedToo() throws {
    let lines = [
      Self.line("ACCESS_FINE_LOCATION", true, "USER_SET"), Self.line("ACCESS_COARSE_LOCATION", false, "USER_SET"),
    ]
    let checked = try Self.seedCheck("location", want: "precise", lines)
    #expect(checked.status == 1)
    #expect(
      checked.errors.contains("found mixed") && checked.errors.contains("precise location needs both granted"),
      "\(checked.errors)")
    let permissions = #"[{"id": "location", "include": ["precise"], "reason": "the row in question"}]"#
    let (base, root) = try Report.evidence(
      config: Report.config(permissions: permissions),
      files: Self.testsAndScreens("location", ["precise"]).merging([
        "android/seed/seed-location-precise.log": Report.dump(targetSdk: 34, lines)
      ]) { $1 })
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    let row = try #require(report.rows["android/location/precise"])
    #expect(row["status"] as? String != "covered")
    #expect(Report.codes(row).contains("missing-seed"), "\(Report.codes(row))")
  }

  /// Review B10: `seed-check` refuses an "Only this time" grant as `report` does, naming why.
  @Test(arguments: [
    ("camera", "granted", ["CAMERA"]),
    ("location", "precise", ["ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION"]),
  ])
  func seedCheckRefusesAOneTimeGrant(permission: String, want: String, names: [String]) throws {
    let checked = try Self.seedCheck(permission, want: want, names.map { Self.line($0, true, "USER_SET|ONE_TIME") })
    #expect(checked.status == 1, "\(checked.errors)")
    #expect(
      checked.errors.contains("seed did not take: wanted \(want), found \(want) “Only this time”"), "\(checked.errors)")
    #expect(checked.errors.contains("ONE_TIME on \(names.joined(separator: " and "))"))
    #expect(checked.errors.contains("reinstall the app"))
    // A lasting grant of the same lines takes.
    #expect(try Self.seedCheck(permission, want: want, names.map { Self.line($0, true, "USER_SET") }).status == 0)
  }

  /// The record a refused one-time grant leaves reads back without a problem, and proves nothing.
  @Test func aOneTimeRecordReadsBackAsOneTimeGrant() throws {
    let permissions = #"[{"id": "camera", "include": ["granted"], "reason": "the row in question"}]"#
    let (base, root) = try Report.evidence(
      config: Report.config(permissions: permissions), files: Self.testsAndScreens("camera", ["granted"]))
    defer { try? FileManager.default.removeItem(at: base) }
    let dump = base.appendingPathComponent("dump.txt")
    try Report.dump(targetSdk: 34, [Self.line("CAMERA", true, "USER_SET|ONE_TIME")]).write(to: dump)
    let records = root.appendingPathComponent("android/seed/seeds.jsonl")
    try FileManager.default.createDirectory(at: records.deletingLastPathComponent(), withIntermediateDirectories: true)
    let checked = TestSupport.run([
      "seed-check", "--package", "com.example.app", "--permission", "camera", "--want", "granted",
      "--record", records.path, dump.path,
    ])
    #expect(checked.status == 1)
    #expect(try String(contentsOf: records, encoding: .utf8).contains(#""taken":false"#))
    let report = try Report.report(base, root)
    #expect(!report.findings.contains { $0["code"] as? String == "unreadable-evidence" })
    #expect(Report.codes(report.rows["android/camera/granted"]).isSuperset(of: ["one-time-grant", "missing-seed"]))
  }

  // MARK: Corrected facts

  /// Review N2: notifications switched off in Settings read USER_SET (USER_FIXED cleared): denied
  /// once for an app targeting 13, from which it can ask again; blocked for one targeting 12L or
  /// lower, which the system never prompts again.
  @Test func notificationsOffInSettingsIsDeniedOnceUnlessTheTargetIsLegacy() throws {
    let off = [Self.line("POST_NOTIFICATIONS", false, "USER_SET")]
    #expect(try Self.seedCheck("notifications", want: "denied-once", targetSdk: 34, off).status == 0)
    #expect(try Self.seedCheck("notifications", want: "blocked", targetSdk: 34, off).status == 1)
    let legacy = try Self.seedCheck("notifications", want: "blocked", targetSdk: 32, off)
    #expect(legacy.status == 0, "\(legacy.errors)")
    let wrong = try Self.seedCheck("notifications", want: "denied-once", targetSdk: 32, off)
    #expect(wrong.status == 1 && wrong.errors.contains("the app targets API 32"), "\(wrong.errors)")
    let deniedOnce = try #require(
      PlatformKnowledge.permission("notifications")?.states.first {
        $0.platform == .android && $0.state == "denied-once"
      })
    #expect(deniedOnce.whatHappened.contains("turned notifications off in Settings"))
    let blocked = try #require(
      PlatformKnowledge.permission("notifications")?.states.first { $0.platform == .android && $0.state == "blocked" })
    #expect(!blocked.whatHappened.contains("Settings"))
    // In the report, a target-32 app's USER_SET line proves blocked and is no target conflict.
    let permissions = #"[{"id": "notifications", "include": ["blocked"], "reason": "the row in question"}]"#
    let (base, root) = try Report.evidence(
      config: Report.config(permissions: permissions),
      files: Self.testsAndScreens("notifications", ["blocked"]).merging([
        "android/seed/seed-notifications-blocked.log": Report.dump(targetSdk: 32, off)
      ]) { $1 })
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    #expect(report.rows["android/notifications/blocked"]?["status"] as? String == "covered")
    #expect(!report.findings.contains { $0["code"] as? String == "target-sdk-conflict" })
  }

  /// Review X-M10, from AOSP: POST_NOTIFICATIONS carries REVIEW_REQUIRED until the system's prompt
  /// is answered; that line is never asked, so not-asked stays provable for such apps.
  @Test func aReviewRequiredNotificationLineIsNeverAsked() throws {
    let line = [Self.line("POST_NOTIFICATIONS", false, "REVIEW_REQUIRED")]
    #expect(try Self.seedCheck("notifications", want: "not-asked", targetSdk: 32, line).status == 0)
    #expect(try Self.seedCheck("notifications", want: "not-asked", targetSdk: 34, line).status == 0)
    // Another permission's REVIEW_REQUIRED is still a legacy app's review.
    #expect(
      try Self.seedCheck(
        "camera", want: "review-required",
        line.map { $0.replacingOccurrences(of: "POST_NOTIFICATIONS", with: "CAMERA") }
      ).status == 0)
  }

  /// Review: `unverified-proof` only where the proof line itself is UNVERIFIED, never on the
  /// captured `USER_SET|USER_FIXED` line that proves notifications/blocked.
  @Test func aCapturedProofLineRaisesNoUnverifiedProof() throws {
    let permissions = #"[{"id": "notifications", "include": ["blocked"], "reason": "the row in question"}]"#
    let (base, root) = try Report.evidence(
      config: Report.config(permissions: permissions),
      files: Self.testsAndScreens("notifications", ["blocked"]).merging([
        "android/seed/seed-notifications-blocked.log": Report.dump(
          targetSdk: 34, [Self.line("POST_NOTIFICATIONS", false, "USER_SET|USER_FIXED")])
      ]) { $1 })
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    let row = try #require(report.rows["android/notifications/blocked"])
    #expect(row["status"] as? String == "covered")
    #expect(!Report.codes(row).contains("unverified-proof"), "\(Report.codes(row))")
    // Where the proof's own shape is read off code, the warning stays.
    let compat = try #require(PlatformKnowledge.permission("photos")?.states.first { $0.state == "partial-compat" })
    #expect(compat.proofIsUnverified)
    let oneTime = try #require(PlatformKnowledge.permission("camera")?.states.first { $0.state == "one-time" })
    #expect(!oneTime.proofIsUnverified && oneTime.settle != nil)
  }

  /// Review T7/SB2/X-M5: BODY_SENSORS_BACKGROUND exists for apps targeting 32 or lower (split at
  /// 33), is allowed on the Settings page, and is restricted.
  @Test func bodySensorsInTheBackgroundAreReachableForLowTargets() throws {
    let permissions = #"[{"id": "sensorsbackground", "include": ["granted"], "reason": "the row in question"}]"#
    let (base, root) = try Report.evidence(
      config: Report.config(permissions: permissions),
      files: Self.testsAndScreens("sensorsbackground", ["granted"]).merging([
        "android/seed/seed-sensorsbackground-granted.log": Report.dump(
          targetSdk: 32,
          [Self.line("BODY_SENSORS", true, "USER_SET"), Self.line("BODY_SENSORS_BACKGROUND", true, "USER_SET")])
      ]) { $1 })
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    #expect(report.rows["android/sensorsbackground/granted"]?["status"] as? String == "covered")
    #expect(!report.findings.contains { $0["code"] as? String == "target-sdk-conflict" })
    let states = try #require(PlatformKnowledge.permission("sensorsbackground")).states(on: .android)
    #expect(states.allSatisfy { $0.target == nil || $0.state == "auto-revoked" })
    let denied = try #require(states.first { $0.state == "denied-once" })
    #expect(denied.whatHappened.contains("settings page") && denied.appReads.contains("opens the settings page"))
    let facts = try #require(PlatformKnowledge.permission("sensorsbackground")).facts.map(\.text).joined()
    #expect(facts.contains("restricted permission") && facts.contains("APPLY_RESTRICTION"))
  }

  /// Review 4 (D19): a seed step that granted the background line alone, as the old seed did,
  /// proves nothing and says why; `seed-check` agrees.
  @Test func aBackgroundBodySensorGrantAloneIsNoGrant() throws {
    let permissions = #"[{"id": "sensorsbackground", "include": ["granted"], "reason": "the row in question"}]"#
    let alone = [Self.line("BODY_SENSORS", false, ""), Self.line("BODY_SENSORS_BACKGROUND", true, "")]
    let (base, root) = try Report.evidence(
      config: Report.config(permissions: permissions),
      files: Self.testsAndScreens("sensorsbackground", ["granted"]).merging([
        "android/seed/seed-sensorsbackground-granted.log": Report.dump(targetSdk: 34, alone)
      ]) { $1 })
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    let row = try #require(report.rows["android/sensorsbackground/granted"])
    #expect(row["status"] as? String != "covered")
    #expect(report.status == 1)
    let checked = try Self.seedCheck("sensorsbackground", want: "granted", alone)
    #expect(checked.status == 1, "\(checked.output)\(checked.errors)")
    #expect(checked.errors.contains("without the foreground permission"), "\(checked.errors)")
  }

  /// Review 4 (F2): an app that requests only ACCESS_COARSE_LOCATION has no fine line in its
  /// block; its approximate state is read from the coarse line alone.
  @Test func aCoarseOnlyAppIsApproximateFromItsCoarseLine() throws {
    let coarse = [Self.line("ACCESS_COARSE_LOCATION", true, "USER_SET")]
    let checked = try Self.seedCheck("location", want: "approximate", coarse)
    #expect(checked.status == 0, "\(checked.output)\(checked.errors)")
    #expect(try Self.seedCheck("location", want: "precise", coarse).status == 1)
    let permissions =
      #"[{"id": "location", "include": ["android/approximate"], "rows": {"android/approximate": {"android": ">=6", "reason": "the app asks only for approximate location"}}, "reason": "coarse only"}]"#
    let (base, root) = try Report.evidence(
      config: Report.config(permissions: permissions),
      files: Self.testsAndScreens("location", ["approximate"]).merging([
        "android/seed/seed-location-approximate.log": Report.dump(targetSdk: 34, coarse)
      ]) { $1 })
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    #expect(report.rows["android/location/approximate"]?["status"] as? String == "covered", "\(report.findings)")
  }

  /// Review T10: apps targeting 28 or lower get ACTIVITY_RECOGNITION auto-granted with Play
  /// services' permission: its asking rows need target 29.
  @Test func motionsAskingRowsNeedTarget29() throws {
    let (base, root) = try Report.evidence(config: Report.config(targetSdk: 28, permissions: #"[{"id": "motion"}]"#))
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Report.report(base, root)
    for state in ["not-asked", "denied-once", "blocked"] {
      let row = try #require(report.rows["android/motion/\(state)"])
      #expect(row["status"] as? String == "unreachable", "\(state)")
      #expect((row["reason"] as? String)?.contains("auto-granted") == true)
    }
    #expect(report.rows["android/motion/granted"]?["reachable"] as? Bool == true)
  }

  /// Review X1: `granted=true, AUTO_REVOKED` is a lasting grant restored, worded and read so.
  @Test func aRestoredGrantWithAutoRevokedIsGranted() throws {
    #expect(try Self.seedCheck("camera", want: "granted", [Self.line("CAMERA", true, "AUTO_REVOKED")]).status == 0)
    let granted = try #require(PlatformKnowledge.permission("camera")?.states.first { $0.state == "granted" })
    let note = granted.note ?? ""
    #expect(note.contains("Over AUTO_REVOKED it gives granted=true, AUTO_REVOKED: a lasting grant"))
    #expect(!note.contains("ONE_TIME or AUTO_REVOKED"))
  }

  /// Review X3: `init --help` names every permission the starter lists, from the data.
  @Test func initHelpNamesEveryBuiltInPermission() {
    let help = TestSupport.run(["help", "init"]).output.replacingOccurrences(of: "\n", with: " ")
      .split(separator: " ").joined(separator: " ")
    for permission in PlatformKnowledge.permissions {
      #expect(help.contains(permission.id), "\(permission.id)")
    }
  }

  /// Review X-M12: every Android 15 and 16 behaviour says when it was checked, with sources the
  /// register has; the missing facts are in the generated document.
  @Test func androidFifteenAndSixteenSayWhenTheyWereChecked() throws {
    #expect(!PlatformKnowledge.releaseChecks.isEmpty)
    for check in PlatformKnowledge.releaseChecks {
      #expect(check.checkedOn.count == 10 && !check.sources.isEmpty)
      for source in check.sources { #expect(PlatformKnowledge.source(source) != nil, "\(source)") }
    }
    let document = KnowledgeDocument.markdown()
    for needle in [
      "## Android 15 and 16: what was checked", "Device-aware permissions", "Local Network privacy",
      "“Select more photos”", "ContactAccessButton", "TN3153",
      "ACCESS_MEDIA_LOCATION with READ_MEDIA_VISUAL_USER_SELECTED",
      "keeps an app's photo and video access", "update your app to target 13",
    ] {
      #expect(document.contains(needle), "\(needle)")
    }
  }
}
