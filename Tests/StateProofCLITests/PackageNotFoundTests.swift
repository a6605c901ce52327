import Foundation
import Testing

@testable import StateProofCLI
@testable import StateProofKit

/// `dumpsys package NAME` for a package the device does not have prints one line, `Unable to
/// find package: NAME` (AOSP's `DumpHelper.doDump`). A read-back that says so is named for what
/// it is: `report` gives the file a `seed-package-not-found` warning naming the package and the
/// configured `appId` (not "text with no dumpsys permission line" and `no-evidence`), and
/// `seed-check` exits 2 naming it.
@Suite(.temporaryFolders) struct PackageNotFoundTests {
  static let path = "android/seed/seed-camera-granted.log"

  private func findings(_ json: [String: Any], code: String) -> [[String: Any]] {
    (json["findings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == code }
  }

  /// The seed script's log when the app was not installed: its `$ …` echo and dumpsys's answer.
  @Test(arguments: [
    ("com.example.scanner", "the app itself, com.example.scanner (platforms.android.appId), was not installed"),
    (
      "com.example.scaner",
      "(com.example.scaner), not the app: the configured platforms.android.appId is com.example.scanner"
    ),
  ])
  func theReadBackOfAPackageTheDeviceLacksIsNamed(package: String, says: String) throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write(Self.path, "$ ./seed-camera.sh granted\nUnable to find package: \(package)\n")
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    #expect(report.codes(on: "android/camera/granted") == ["missing-seed"])
    let found = findings(json, code: "seed-package-not-found")
    #expect(found.count == 1)
    #expect(found.first?["severity"] as? String == "warning" && found.first?["files"] as? [String] == [Self.path])
    let message = try #require(found.first?["message"] as? String)
    #expect(message.contains("dumpsys printed “Unable to find package: \(package)”"), "\(message)")
    #expect(message.contains(says), "\(message)")
    #expect(findings(json, code: "seed-without-permission-lines").isEmpty)
    let file = (json["evidence"] as? [[String: Any]] ?? []).first { $0["path"] as? String == Self.path }
    #expect(file?["kind"] as? String == "seed-log" && file?["status"] as? String == "read")
  }

  /// The read-back alone, as Windows PowerShell saved it: the evidence is the read-back that
  /// failed, not an empty download.
  @Test func aLoneReadBackIsNoEmptyDownload() throws {
    let evidence = try TestSupport.temporaryFolder()
    try Data(#"{"platforms": {"android": {"appId": "com.example.app"}}}"#.utf8)
      .write(to: evidence.appendingPathComponent("stateproof.json"))
    try (Data([0xFF, 0xFE]) + "Unable to find package: com.example.app\r\n".data(using: .utf16LittleEndian)!)
      .write(to: evidence.appendingPathComponent("seeds.txt"))
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let result = TestSupport.run(["report", "--out", out.path, "--format", "json", evidence.path])
    #expect(result.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    #expect(findings(json, code: "no-evidence").isEmpty)
    #expect(findings(json, code: "seed-package-not-found").count == 1)
  }

  @Test(arguments: [
    ([String](), "the seed step read back com.example.scanner, which the device does not have"),
    (["--package", "com.example.scanner"], "the seed step read back com.example.scanner, which the device"),
    (["--package", "com.example.other"], "read back com.example.scanner, not com.example.other (--package), which"),
  ])
  func seedCheckSaysSoAndExitsTwo(extra: [String], says: String) {
    let result = TestSupport.run(
      ["seed-check", "--permission", "camera", "--want", "granted"] + extra,
      input: Data("[seed] Unable to find package: com.example.scanner\n".utf8))
    #expect(result.status == 2)
    #expect(result.errors.contains("dumpsys printed “Unable to find package: com.example.scanner” (line 1)"))
    #expect(result.errors.contains(says), "\(result.errors)")
  }
}
