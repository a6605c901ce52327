import Foundation
import Testing

@testable import StateProofKit

/// `stateproof seed-check` as a seed script calls it, and its records read back by `report`.
@Suite struct SeedCheckCommandTests {
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
    let json = try JSONSerialization.jsonObject(
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

  @Test func aDeviceInsteadOfAFileIsRefused() {
    let result = TestSupport.run([
      "seed-check", "--permission", "android.permission.CAMERA", "--want", "granted", "/dev/zero",
    ])
    #expect(result.status == 2)
    #expect(result.errors.contains("not a regular file but a character device"))
  }
}
