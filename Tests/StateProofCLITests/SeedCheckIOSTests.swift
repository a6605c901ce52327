import Foundation
import StateProofTestSupport
import Testing

@testable import StateProofCLI
@testable import StateProofRead

/// Issue 49: `stateproof seed-check --ios` on a Simulator's data folder made at test time, and
/// `report` over its records: a record and its test cover an iOS row; the record alone says why
/// it does not.
@Suite(.temporaryFolders) struct SeedCheckIOSTests {
  static let app = "com.example.scanner"

  /// A revoked camera wanted as authorized: exit 1, "seed did not take: wanted authorized, found
  /// denied", the rows printed.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0"))
  func aRevokedCameraWantedAsAuthorizedDidNotTake() throws {
    let data = try TemporaryFolder.make()
    try SimulatorData.tcc(in: data, .columns17, rows: [.init("kTCCServiceCamera", Self.app, 0)])
    let result = TestSupport.run([
      "seed-check", "--ios", "--data", data.path, "--package", Self.app, "--permission", "camera", "--want",
      "authorized",
    ])
    #expect(result.status == 1, "\(result.errors)")
    #expect(result.errors.contains("seed did not take: wanted authorized, found denied"))
    #expect(result.output.contains("kTCCServiceCamera com.example.scanner: client_type=0 auth_value=0 auth_reason=4"))
    #expect(result.output.contains("not what the app reads"), "it says a store row is not the app's view")
  }

  /// Another app's row does not count: the app was never asked.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func anotherAppsRowDoesNotCount() throws {
    let data = try TemporaryFolder.make()
    try SimulatorData.tcc(in: data, .columns13, rows: [.init("kTCCServiceCamera", "com.other.app", 2)])
    let result = TestSupport.run([
      "seed-check", "--ios", "--data", data.path, "--package", Self.app, "--permission", "camera", "--want",
      "authorized",
    ])
    #expect(result.status == 1)
    #expect(result.errors.contains("wanted authorized, found not-determined"))
    #expect(result.output.contains("row of another client ignored: com.other.app"))
  }

  /// `--device` asks simctl (here a stand-in `xcrun` on the PATH) for the data folder, the
  /// runtime and Xcode, which the record keeps.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func aDeviceIsFoundThroughSimctl() throws {
    let data = try TemporaryFolder.make()
    try SimulatorData.tcc(in: data, .columns17, rows: [.init("kTCCServiceCamera", Self.app, 2)])
    let bin = try TemporaryFolder.make()
    let xcrun = bin.appendingPathComponent("xcrun")
    try """
    #!/bin/sh
    case "$1 $2" in
      "simctl getenv") case "$4" in HOME) echo '\(data.path)' ;; SIMULATOR_RUNTIME_VERSION) echo 17.5 ;; *) exit 1 ;; esac ;;
      "xcodebuild -version") printf 'Xcode 15.4\\nBuild version 15F31d\\n' ;;
      *) exit 1 ;;
    esac
    """.write(to: xcrun, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun.path)
    let record = try TemporaryFolder.make().appendingPathComponent("seeds.jsonl")
    let result = TestSupport.run(
      [
        "seed-check", "--ios", "--device", "booted", "--package", Self.app, "--permission", "camera", "--want",
        "authorized", "--record", record.path,
      ], environment: ["PATH": bin.path])
    #expect(result.status == 0, "\(result.errors)")
    let line = try String(contentsOf: record, encoding: .utf8)
    #expect(
      line.contains("\"runtime\":\"17.5\"") && line.contains("\"xcode\":\"15.4\"")
        && line.contains("\"device\":\"booted\""))
    #expect(line.contains("\"columns\":[\"service\",\"client\""))
  }

  @Test func iosOptionsAreCheckedAgainstEachOther() {
    let missing = TestSupport.run(["seed-check", "--ios", "--permission", "camera", "--want", "denied"])
    #expect(missing.status == 2 && missing.errors.contains("--package BUNDLE"))
    let android = TestSupport.run(["seed-check", "--device", "booted", "--permission", "camera", "--want", "denied"])
    #expect(android.status == 2 && android.errors.contains("give --ios too"))
  }

  /// The evidence folder: a configuration whose iOS authorized row asks for a seed, the
  /// record `seed-check --ios --record` wrote, and (with `test`) the example's iOS test results.
  static func evidence(test: Bool) throws -> URL {
    let folder = try TemporaryFolder.make()
    let data = try TemporaryFolder.make()
    try SimulatorData.tcc(in: data, .columns17, rows: [.init("kTCCServiceCamera", app, 2)])
    let ios = folder.appendingPathComponent("ios")
    try FileManager.default.createDirectory(at: ios, withIntermediateDirectories: true)
    let result = TestSupport.run([
      "seed-check", "--ios", "--data", data.path, "--package", app, "--permission", "camera", "--want", "authorized",
      "--runtime", "18.6", "--xcode", "16.4", "--time", "2025-11-24T15:00:00Z", "--record",
      ios.appendingPathComponent("seed-records.jsonl").path,
    ])
    #expect(result.status == 0, "\(result.errors)")
    try """
    {
      "app": "Scanner",
      "platforms": {"ios": {"appId": "\(app)", "receipt": "*#*ShowsSystemPrompt*"}},
      "permissions": [{
        "id": "camera", "include": ["ios/authorized"], "reason": "the camera grant only",
        "rows": {"ios/authorized": {
          "requires": ["seed"], "tests": ["CameraStateScreenTests#testAuthorizedShowsCapture"],
          "reason": "the Simulator's store and the test prove it; the screenshot is checked elsewhere"
        }}
      }]
    }
    """.write(to: folder.appendingPathComponent("stateproof.json"), atomically: true, encoding: .utf8)
    if test {
      try FileManager.default.copyItem(
        at: PackageRoot.url("examples/scanner/ios/junit"), to: ios.appendingPathComponent("junit"))
    }
    return folder
  }

  static func row(_ evidence: URL) throws -> [String: Any] {
    let out = try TemporaryFolder.make().appendingPathComponent("report")
    let result = TestSupport.run([
      "report", "--generated-at", "2025-11-24T16:00:00Z", "--format", "json", "--out", out.path, evidence.path,
    ])
    #expect(result.status == 1, "\(result.errors)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let platforms = try #require(report["platforms"] as? [[String: Any]])
    let rows = platforms.flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    return try #require(rows.first { $0["id"] as? String == "ios/camera/authorized" })
  }

  /// The record and its test cover the row, with the warning that the store alone would not.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func aRecordAndItsTestCoverTheRow() throws {
    let row = try Self.row(try Self.evidence(test: true))
    #expect(row["status"] as? String == "covered", "\(row)")
    let evidence = row["evidence"] as? [[String: Any]] ?? []
    #expect(
      evidence.contains { $0["kind"] as? String == "seed" && ($0["line"] as? String)?.contains("auth_value=2") == true }
    )
    let findings = row["findings"] as? [[String: Any]] ?? []
    #expect(findings.contains { $0["code"] as? String == "unverified-proof" })
  }

  /// The record alone: the row is not covered, and says why (its test is missing, and a store
  /// row proves the row only together with it).
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func theRecordAloneSaysWhyItDoesNotCover()
    throws
  {
    let row = try Self.row(try Self.evidence(test: false))
    #expect(row["status"] as? String == "incomplete", "\(row)")
    let findings = row["findings"] as? [[String: Any]] ?? []
    #expect(findings.contains { $0["code"] as? String == "missing-test" })
    let why = findings.first { $0["code"] as? String == "unverified-proof" }?["message"] as? String ?? ""
    #expect(why.contains("only together with its test") && why.contains("not what the app reads"), "\(why)")
  }
}
