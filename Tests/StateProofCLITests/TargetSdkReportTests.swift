import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// Issue 29: the app's target SDK decides rows as the OS version does, and the states the second
/// review found missing never pass for the states they resemble (background refused for
/// precise, compatibility-mode photos for full access, provisional Always for Always).
@Suite(.temporaryFolders) struct TargetSdkReportTests {
  /// A folder holding an `evidence` folder with `stateproof.json` and `files`; the caller removes
  /// the folder.
  static func evidence(config: String, files: [String: Data] = [:]) throws -> (base: URL, root: URL) {
    let base = try TestSupport.temporaryFolder()
    let root = base.appendingPathComponent("evidence")
    for (path, data) in ["stateproof.json": Data(config.utf8)].merging(files, uniquingKeysWith: { $1 }) {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
    return (base, root)
  }

  /// Runs `report` over `root` into `base/r`: the exit status, the rows by id, every finding.
  static func report(_ base: URL, _ root: URL) throws -> (
    status: Int32, rows: [String: [String: Any]], findings: [[String: Any]], errors: String
  ) {
    let out = base.appendingPathComponent("r")
    let result = TestSupport.run(["report", "--format", "json", "--out", out.path, root.path])
    guard let data = try? Data(contentsOf: out.appendingPathComponent("report.json")) else {
      return (result.status, [:], [], result.errors)
    }
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let all = (json["platforms"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    let rows = Dictionary(all.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { $1 })
    return (result.status, rows, json["findings"] as? [[String: Any]] ?? [], result.errors)
  }

  static func codes(_ row: [String: Any]?) -> Set<String> {
    Set((row?["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String })
  }

  static let sensitive = "USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED"

  /// `adb shell dumpsys package com.example.app` as Android 14 prints it, with the app's
  /// `targetSdk=` on its version line and `lines` under user 0's runtime permissions.
  static func dump(targetSdk: Int, _ lines: [String]) -> Data {
    let permissions = lines.map { "        \($0)" }.joined(separator: "\n")
    return Data(
      """
      $ adb shell dumpsys package com.example.app
      Packages:
        Package [com.example.app] (5d1c2e7):
          appId=10187
          pkg=Package{8a1f0b3 com.example.app}
          codePath=/data/app/~~Hk2x/com.example.app-9Qe1/base.apk
          versionCode=4200 minSdk=26 targetSdk=\(targetSdk)
          minExtensionVersions=[]
          versionName=4.2.0
          flags=[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]
          timeStamp=2026-11-27 09:01:58
          lastUpdateTime=2026-11-27 09:02:11
          User 0: ceDataInode=24819 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false
            installReason=0
            firstInstallTime=2026-11-27 09:02:11
            uninstallReason=0
            gids=[3003]
            runtime permissions:
      \(permissions)

      """.utf8)
  }

  static func config(targetSdk: Int? = nil, permissions: String) -> String {
    let target = targetSdk.map { ", \"targetSdk\": \($0)" } ?? ""
    return """
      {"platforms": {"android": {"appId": "com.example.app"\(target)}, "ios": {"appId": "com.example.app"}},
       "permissions": \(permissions)}
      """
  }

  /// `targetSdk=29` in the app's block: auto-revoked (target 30+) and Bluetooth's asking rows
  /// (target 31+) are unreachable, with the reason and where the target was read.
  @Test func theDumpsTargetSdkMakesRowsUnreachable() throws {
    let (base, root) = try Self.evidence(
      config: Self.config(permissions: #"[{"id": "camera"}, {"id": "bluetooth"}]"#),
      files: [
        "android/seed/seed-camera-granted.log": Self.dump(
          targetSdk: 29,
          [
            "android.permission.CAMERA: granted=true, flags=[ USER_SET|\(Self.sensitive)]",
            "android.permission.BLUETOOTH_CONNECT: granted=true, flags=[ REVOKE_WHEN_REQUESTED|\(Self.sensitive)]",
          ])
      ])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Self.report(base, root)
    let revoked = try #require(report.rows["android/camera/auto-revoked"])
    #expect(revoked["status"] as? String == "unreachable")
    let reason = revoked["reason"] as? String ?? ""
    #expect(reason.contains("API 30") && reason.contains("The app targets API 29"), "\(reason)")
    #expect(reason.contains("targetSdk=29 (android/seed/seed-camera-granted.log)"), "\(reason)")
    for state in ["not-asked", "denied-once", "blocked"] {
      #expect(report.rows["android/bluetooth/\(state)"]?["status"] as? String == "unreachable", "\(state)")
    }
    #expect(report.rows["android/bluetooth/granted"]?["reachable"] as? Bool == true)
    #expect(!Self.codes(report.rows["android/bluetooth/granted"]).contains("missing-seed"))
    #expect(report.rows["android/camera/blocked"]?["reachable"] as? Bool == true, "other rows stay")
    #expect(!report.findings.contains { $0["code"] as? String == "target-sdk-conflict" })
  }

  /// A read-back showing a state the target rules out contradicts it: an error, never silence.
  @Test func aReadBackAgainstTheTargetIsAConflict() throws {
    let (base, root) = try Self.evidence(
      config: Self.config(permissions: #"[{"id": "camera"}]"#),
      files: [
        "android/seed/seed-camera-auto-revoked.log": Self.dump(
          targetSdk: 29, ["android.permission.CAMERA: granted=false, flags=[ AUTO_REVOKED|\(Self.sensitive)]"])
      ])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Self.report(base, root)
    let row = try #require(report.rows["android/camera/auto-revoked"])
    #expect(row["status"] as? String == "unreachable")
    let conflict = try #require(
      (row["findings"] as? [[String: Any]])?.first { $0["code"] as? String == "target-sdk-conflict" })
    #expect(conflict["severity"] as? String == "error")
    #expect((conflict["message"] as? String)?.contains("AUTO_REVOKED") == true)
    #expect(report.status == 1, "an unaccepted error is not ready")
  }

  /// The configured target decides; read-backs naming another are an error.
  @Test func theConfiguredTargetWinsAndADisagreementIsAnError() throws {
    let (base, root) = try Self.evidence(
      config: Self.config(targetSdk: 34, permissions: #"[{"id": "camera"}]"#),
      files: [
        "android/seed/seed-camera-granted.log": Self.dump(
          targetSdk: 29, ["android.permission.CAMERA: granted=true, flags=[ USER_SET|\(Self.sensitive)]"])
      ])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Self.report(base, root)
    #expect(report.rows["android/camera/auto-revoked"]?["reachable"] as? Bool == true)
    let conflict = try #require(report.findings.first { $0["code"] as? String == "target-sdk-conflict" })
    #expect((conflict["message"] as? String)?.contains("targets API 34") == true)
    #expect((conflict["message"] as? String)?.contains("targetSdk=29") == true)
  }

  /// A row's own `targetSdk` reads API levels; narrowing the built-in one needs a reason, and
  /// iOS rows take none.
  @Test func aConfiguredRowTargetIsReadAsAPILevels() throws {
    let narrowed =
      #"[{"id": "camera", "rows": {"android/blocked": {"targetSdk": ">=33", "reason": "older builds never shipped"}}}]"#
    let (base, root) = try Self.evidence(
      config: Self.config(targetSdk: 31, permissions: narrowed))
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Self.report(base, root)
    let blocked = try #require(report.rows["android/camera/blocked"])
    #expect(blocked["status"] as? String == "unreachable")
    #expect((blocked["reason"] as? String)?.contains("target SDK 33 and higher") == true)
    for (rows, message) in [
      (#"{"android/blocked": {"targetSdk": ">=33"}}"#, "asks less than the built-in matrix"),
      (#"{"ios/denied": {"targetSdk": ">=33"}}"#, "only Android rows have a target SDK"),
      (#"{"android/blocked": {"targetSdk": ">=thirteen"}}"#, "as API levels"),
    ] {
      let (otherBase, otherRoot) = try Self.evidence(
        config: Self.config(permissions: #"[{"id": "camera", "rows": \#(rows)}]"#))
      defer { try? FileManager.default.removeItem(at: otherBase) }
      let refused = try Self.report(otherBase, otherRoot)
      #expect(refused.status == 2 && refused.errors.contains(message), "\(refused.errors)")
    }
  }

  /// Background refused beside a foreground grant (review M6) is its own row, never precise.
  @Test func backgroundDeniedLocationDoesNotProvePrecise() throws {
    let permissions =
      #"[{"id": "location", "include": ["precise", "background", "background-denied"], "reason": "the location rows in question"}]"#
    let (base, root) = try Self.evidence(
      config: Self.config(permissions: permissions),
      files: [
        "android/seed/seed-location.log": Self.dump(
          targetSdk: 34,
          [
            "android.permission.ACCESS_FINE_LOCATION: granted=true, flags=[ USER_SET|\(Self.sensitive)]",
            "android.permission.ACCESS_COARSE_LOCATION: granted=true, flags=[ USER_SET|\(Self.sensitive)]",
            "android.permission.ACCESS_BACKGROUND_LOCATION: granted=false, flags=[ USER_SET|\(Self.sensitive)]",
          ])
      ])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Self.report(base, root)
    #expect(Self.codes(report.rows["android/location/precise"]).contains("missing-seed"))
    let denied = try #require(report.rows["android/location/background-denied"])
    #expect(!Self.codes(denied).contains("missing-seed"))
    let seed = (denied["evidence"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "seed" }
    #expect(seed?["state"] as? String == "background-denied")
  }

  /// Compatibility-mode photos (review D5/M3): media lines granted with ONE_TIME never prove full
  /// access; the partial-compat row takes them, with the capture that would settle its shape.
  @Test func compatibilityModePhotosDoNotProveFullAccess() throws {
    let permissions =
      #"[{"id": "photos", "include": ["granted", "partial-compat"], "reason": "the photo rows in question"}]"#
    let (base, root) = try Self.evidence(
      config: Self.config(permissions: permissions),
      files: [
        "android/seed/seed-photos.log": Self.dump(
          targetSdk: 34,
          [
            "android.permission.READ_MEDIA_IMAGES: granted=true, flags=[ ONE_TIME|\(Self.sensitive)]",
            "android.permission.READ_MEDIA_VIDEO: granted=true, flags=[ ONE_TIME|\(Self.sensitive)]",
            "android.permission.READ_MEDIA_VISUAL_USER_SELECTED: granted=true, flags=[ \(Self.sensitive)]",
          ])
      ])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Self.report(base, root)
    #expect(Self.codes(report.rows["android/photos/granted"]).contains("missing-seed"))
    let compat = try #require(report.rows["android/photos/partial-compat"])
    #expect(!Self.codes(compat).contains("missing-seed"))
    let warning = try #require(
      (compat["findings"] as? [[String: Any]])?.first { $0["code"] as? String == "unverified-proof" })
    #expect(
      (warning["message"] as? String)?.contains("Settle it with a dumpsys package capture from an Android 14 device")
        == true)
    #expect(Self.codes(compat).contains("missing-test"), "an UNVERIFIED shape never proves the row alone")
  }

  /// An "Only this time" grant (review M2) lapses: it never proves the granted row, and says why.
  @Test func aOneTimeGrantDoesNotProveGranted() throws {
    let (base, root) = try Self.evidence(
      config: Self.config(
        permissions: #"[{"id": "camera", "include": ["granted"], "reason": "the granted row in question"}]"#),
      files: [
        "android/seed/seed-camera-granted.log": Self.dump(
          targetSdk: 34, ["android.permission.CAMERA: granted=true, flags=[ USER_SET|ONE_TIME|\(Self.sensitive)]"])
      ])
    defer { try? FileManager.default.removeItem(at: base) }
    let row = try #require(try Self.report(base, root).rows["android/camera/granted"])
    #expect(Self.codes(row).isSuperset(of: ["one-time-grant", "missing-seed"]))
    let seed = (row["evidence"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "seed" }
    #expect(seed?["taken"] as? Bool == false)
  }

  /// Provisional Always (review M1) reads the same .authorizedAlways: a test of it never proves
  /// the always row.
  @Test func provisionalAlwaysDoesNotProveAlways() throws {
    let permissions =
      #"[{"id": "location", "include": ["ios/always", "ios/provisional-always"], "reason": "the Always rows in question"}]"#
    let junit = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="LocationUITests" tests="1" failures="0">
        <testsuite name="LocationUITests" tests="1" failures="0" errors="0" skipped="0" time="4.2">
          <testcase classname="LocationUITests" name="testLocationProvisionalAlwaysShowsSecondPrompt" time="4.2"/>
        </testsuite>
      </testsuites>

      """
    let (base, root) = try Self.evidence(
      config: Self.config(permissions: permissions), files: ["ios/junit/LocationUITests.junit.xml": Data(junit.utf8)])
    defer { try? FileManager.default.removeItem(at: base) }
    let report = try Self.report(base, root)
    #expect(Self.codes(report.rows["ios/location/always"]).contains("missing-test"))
    let provisional = try #require(report.rows["ios/location/provisional-always"])
    #expect(!Self.codes(provisional).contains("missing-test"))
  }
}
