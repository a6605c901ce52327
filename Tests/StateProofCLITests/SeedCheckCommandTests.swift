import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `stateproof seed-check` as a seed script calls it, and its records read back by `report`.
@Suite(.temporaryFolders) struct SeedCheckCommandTests {
  static let dump = """
    Packages:
      Package [com.example.scanner] (a1b2c3):
        User 0: ceDataInode=1 installed=true hidden=false suspended=false
          runtime permissions:
            android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED|USER_SENSITIVE_WHEN_GRANTED]
        User 10: ceDataInode=2 installed=true hidden=false suspended=false
          runtime permissions:
            android.permission.CAMERA: granted=false, flags=[ POLICY_FIXED|USER_SENSITIVE_WHEN_DENIED]

    """

  private func seedCheck(_ arguments: [String], dump: String = dump) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let file = try TestSupport.temporaryFolder().appendingPathComponent("dump.txt")
    try Data(dump.utf8).write(to: file)
    return TestSupport.run(["seed-check"] + arguments + [file.path])
  }

  @Test func tookPrintsTheLineAndExitsZero() throws {
    let result = try seedCheck(["--permission", "android.permission.CAMERA", "--want", "blocked"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED"))
  }

  @Test func policyLockOnAnotherUserIsNotBlocked() throws {
    let result = try seedCheck([
      "--permission", "android.permission.CAMERA", "--want", "blocked", "--user", "10",
    ])
    #expect(result.status == 1)
    #expect(result.errors == "seed did not take: wanted blocked, found policy-denied\n")
  }

  @Test(arguments: [
    (["--permission", "android.permission.RECORD_AUDIO", "--want", "granted"], "RECORD_AUDIO"),
    (["--permission", "android.permission.CAMERA", "--want", "sideways"], "sideways"),
    (["--want", "granted"], "--permission is required"),
    (["--permission", "android.permission.CAMERA", "--want", "granted", "--user", "x"], "--user"),
  ])
  func problemsExitTwo(arguments: [String], mention: String) throws {
    let result = try seedCheck(arguments)
    #expect(result.status == 2)
    #expect(result.errors.contains(mention))
  }

  /// The managed-device case: `pm grant` was ignored under a policy lock. The record seed-check
  /// leaves makes `report` say so on the `granted` row.
  @Test func policyLockedGrantBecomesSeedNotTakenInTheReport() throws {
    let evidence = try TestSupport.temporaryFolder()
    let dump = try TestSupport.temporaryFolder().appendingPathComponent("dump.txt")
    try Data(
      """
      Packages:
        Package [com.example.scanner] (a1b2c3):
          User 0: ceDataInode=1 installed=true
            runtime permissions:
              android.permission.CAMERA: granted=false, flags=[ POLICY_FIXED|USER_SENSITIVE_WHEN_DENIED]

      """.utf8
    ).write(to: dump)
    let records = evidence.appendingPathComponent("seeds.jsonl")
    let check = TestSupport.run([
      "seed-check", "--permission", "android.permission.CAMERA", "--want", "granted",
      "--record", records.path, "--time", "2026-11-02T10:00:00Z", dump.path,
    ])
    #expect(check.status == 1)
    let line = try String(contentsOf: records, encoding: .utf8)
    #expect(line.contains(#""found":"policy-denied""#))
    #expect(line.contains(#""time":"2026-11-02T10:00:00Z""#))

    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let report = TestSupport.run(["report", "--out", out.path, evidence.path])
    #expect(report.status == 1)
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any]
    let findings = try #require(json?["findings"] as? [[String: Any]])
    let notTaken = try #require(findings.first { $0["code"] as? String == "seed-not-taken" })
    #expect(notTaken["row"] as? String == "android/camera/granted")
    #expect((notTaken["message"] as? String)?.contains("policy-denied") == true)
    let rows = (json?["platforms"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]]
    let granted = rows?.first { $0["id"] as? String == "android/camera/granted" }
    #expect(granted?["status"] as? String == "failing")
  }

  /// A full dump whose three CAMERA lines all sit in shared users of system packages: nothing
  /// says which is the app's, so seed-check lists them and exits 2 instead of picking one.
  @Test func threeSharedUserLinesAreListedNotPicked() throws {
    let dump = try SeedOwnershipTests.fixture("android14-full-dump-app-absent.txt")
    let result = try seedCheck(["--permission", "android.permission.CAMERA", "--want", "granted"], dump: dump)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    for candidate in [
      "line 89: SharedUser [android.uid.system], user 0, declared by com.android.settings",
      "line 100: SharedUser [android.uid.phone], user 0, declared by com.android.phone",
      "line 108: SharedUser [android.uid.systemui], user 0, declared by com.android.systemui",
    ] {
      #expect(result.errors.contains(candidate), "\(candidate)")
    }
    let named = try seedCheck(
      ["--permission", "android.permission.CAMERA", "--want", "granted", "--package", "com.example.scanner"],
      dump: dump)
    #expect(named.status == 2 && named.errors.contains("no Package [com.example.scanner] block"))
  }

  /// The app's block as Android 14 prints it, for the version checks.
  static let versionedDump = BuildIdentityTests.fullDump(
    appVersion: "4.1.0", appCode: "410", otherVersion: "4.2.0", otherCode: "420")

  /// `--want-version` refuses the wrong APK (exit 1, even when the state took), passes the right
  /// one, and cannot be answered from a read-back that prints no version (exit 2). The version
  /// is the app's block's, never another package's in the same dump.
  @Test func wantVersionRefusesTheWrongAPK() throws {
    let base = ["--package", "com.example.scanner", "--permission", "camera", "--want", "blocked"]
    let wrong = try seedCheck(base + ["--want-version", "4.2.0"], dump: Self.versionedDump)
    #expect(wrong.status == 1)
    #expect(wrong.errors == "wrong build: wanted versionName 4.2.0, found 4.1.0 (versionCode 410) installed\n")
    let right = try seedCheck(base + ["--want-version", "4.1.0"], dump: Self.versionedDump)
    #expect(right.status == 0, "\(right.errors)")
    // Both: a wrong build and a state that did not take are both said.
    let both = try seedCheck(
      ["--package", "com.example.scanner", "--permission", "camera", "--want", "granted", "--want-version", "4.2.0"],
      dump: Self.versionedDump)
    #expect(both.status == 1)
    #expect(
      both.errors.contains("wrong build: wanted versionName 4.2.0")
        && both.errors.contains("seed did not take: wanted granted"))
    let unknown = try seedCheck([
      "--permission", "android.permission.CAMERA", "--want", "blocked", "--want-version", "4.2.0",
    ])
    #expect(unknown.status == 2)
    #expect(unknown.errors.contains("--want-version 4.2.0: the input prints no versionName for com.example.scanner"))
  }

  /// The version lines go out before the permission lines, as dumpsys prints them, so a log of
  /// seed-check's output names the build; `--record` keeps every version field it saw, and
  /// `report` reads the build from the record.
  @Test func theOutputAndTheRecordNameTheBuild() throws {
    let evidence = try TestSupport.temporaryFolder()
    let records = evidence.appendingPathComponent("seeds.jsonl")
    let result = try seedCheck(
      [
        "--package", "com.example.scanner", "--permission", "camera", "--want", "blocked", "--record", records.path,
        "--time", "2025-11-24T15:02:14Z",
      ],
      dump: Self.versionedDump)
    #expect(result.status == 0)
    #expect(
      result.output == """
        versionCode=410 targetSdk=34
        versionName=4.1.0
        android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]

        """)
    let line = try String(contentsOf: records, encoding: .utf8)
    for field in [
      #""versionName":"4.1.0""#, #""versionCode":"410""#, #""lastUpdateTime":"2025-11-17 10:02:45""#,
      #""firstInstallTime":"2025-11-17 10:02:45""#, #""targetSdk":34"#,
    ] {
      #expect(line.contains(field), "\(field) in \(line)")
    }
    // Its output, kept as a seed log, reads back as the same build.
    try Data(result.output.utf8).write(to: evidence.appendingPathComponent("seed-camera-blocked.log"))
    try Data(
      """
      {"platforms": {"android": {"appId": "com.example.scanner", "versionName": "4.2.0"}},
       "permissions": [{"id": "camera", "include": ["android/blocked"], "reason": "the seed step alone",
                        "rows": {"blocked": {"requires": ["seed"], "reason": "the seed step alone"}}}]}
      """.utf8
    ).write(to: evidence.appendingPathComponent("stateproof.json"))
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    #expect(TestSupport.run(["report", "--out", out.path, evidence.path]).status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let findings = try #require(json["findings"] as? [[String: Any]])
    let wrong = findings.filter { $0["code"] as? String == "wrong-build" }
    #expect(wrong.count == 1)
    #expect(wrong.first?["files"] as? [String] == ["seed-camera-blocked.log", "seeds.jsonl"])
    let message = wrong.first?["message"] as? String ?? ""
    #expect(message.contains("seeds.jsonl names versionName 4.1.0, not 4.2.0 (seed-check record)"))
    #expect(message.contains("seed-camera-blocked.log names versionName 4.1.0, not 4.2.0 (dumpsys package)"))
  }

  @Test func aDeviceInsteadOfAFileIsRefused() {
    let result = TestSupport.run([
      "seed-check", "--permission", "android.permission.CAMERA", "--want", "granted", "/dev/zero",
    ])
    #expect(result.status == 2)
    #expect(result.errors.contains("not a regular file but a character device"))
  }
}
