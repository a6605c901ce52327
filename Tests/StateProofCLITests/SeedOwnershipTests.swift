import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofModel

/// Seed lines prove a row only when they are the app's: the complete example with one seed log
/// at a time replaced by a dump in the shapes real devices print.
@Suite(.temporaryFolders) struct SeedOwnershipTests {
  static func fixture(_ name: String) throws -> String {
    try String(contentsOf: TestFiles.readerFixture("dumpsys/\(name)"), encoding: .utf8)
  }

  private func finding(_ json: [String: Any], code: String) -> [[String: Any]] {
    (json["findings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == code }
  }

  private func seedPaths(_ json: [String: Any], row: String) -> [String] {
    let rows = (json["platforms"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    let evidence = rows.first { $0["id"] as? String == row }?["evidence"] as? [[String: Any]] ?? []
    return evidence.filter { $0["kind"] as? String == "seed" }.compactMap { $0["path"] as? String }
  }

  /// The issue's false green: a full dump of a device without the app, whose only CAMERA lines
  /// are in shared users of system packages, must not prove `granted`.
  @Test func fullDumpOfADeviceWithoutTheAppProvesNothing() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.remove("android/seed/seed-camera-granted.log")
    try scenario.write("android/seed/device-dump.txt", try Self.fixture("android14-full-dump-app-absent.txt"))
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    #expect(report.codes(on: "android/camera/granted") == ["missing-seed"])
    #expect(seedPaths(json, row: "android/camera/granted").isEmpty)
    let stray = try #require(finding(json, code: "seed-not-for-app").first)
    #expect(stray["severity"] as? String == "info" && stray["platform"] as? String == "android")
    #expect(stray["files"] as? [String] == ["android/seed/device-dump.txt"])
    let message = try #require(stray["message"] as? String)
    for seen in [
      "SharedUser [android.uid.system] (declared by com.android.settings)",
      "SharedUser [android.uid.phone] (declared by com.android.phone)",
      "Package [com.google.android.apps.messaging]",
    ] {
      #expect(message.contains(seen), "\(seen)")
    }
    #expect(message.contains("com.example.scanner"))
  }

  /// A stray dump beside the real read-backs blocks nothing by itself.
  @Test func aStrayDumpBesideTheReadBacksIsOnlyListed() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write("android/seed/device-dump.txt", try Self.fixture("android14-full-dump-app-absent.txt"))
    let (status, report, json) = try scenario.report()
    #expect(status == 0 && report.verdict == .ready)
    #expect(finding(json, code: "seed-not-for-app").count == 1)
  }

  /// The app declares a shared user: that shared user's line proves; another package's line and
  /// a system shared user's line do not.
  @Test func theAppsSharedUserLineProvesOthersDoNot() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.remove("android/seed/seed-camera-blocked.log")
    try scenario.remove("android/seed/seed-camera-granted.log")
    try scenario.write("android/seed/dump.txt", try Self.fixture("android14-app-shared-user.txt"))
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    #expect(seedPaths(json, row: "android/camera/blocked") == ["android/seed/dump.txt"])
    #expect(report.codes(on: "android/camera/blocked").isEmpty)
    #expect(report.codes(on: "android/camera/granted") == ["missing-seed"])
    #expect(finding(json, code: "seed-not-for-app").isEmpty)
  }

  /// `User 0: … installed=false` still prints the permission lines; they prove nothing.
  @Test func aUserTheAppIsNotInstalledForProvesNothing() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.remove("android/seed/seed-camera-not-asked.log")
    try scenario.write("android/seed/dump.txt", try Self.fixture("android14-not-installed-for-user.txt"))
    let (_, report, json) = try scenario.report()
    #expect(report.codes(on: "android/camera/not-asked") == ["missing-seed"])
    #expect(seedPaths(json, row: "android/camera/not-asked").isEmpty)
  }

  /// The seed script's grep'd line names no package: it is the app's.
  @Test func aHeaderlessSeedLineProves() throws {
    let (_, report, json) = try ExampleScenario.complete().report()
    #expect(report.verdict == .ready)
    #expect(seedPaths(json, row: "android/camera/granted") == ["android/seed/seed-camera-granted.log"])
  }

  /// Without an Android appId a dump of one package still proves; a dump naming several
  /// packages proves nothing and says to set the appId.
  @Test func withoutAnAppIdOnlyADumpOfOnePackageProves() throws {
    let scenario = try ExampleScenario.complete()
    var config = try #require(
      try JSONSerialization.jsonObject(with: Data(scenario.read("stateproof.json").utf8)) as? [String: Any])
    var platforms = try #require(config["platforms"] as? [String: Any])
    var android = try #require(platforms["android"] as? [String: Any])
    android["appId"] = nil
    platforms["android"] = android
    config["platforms"] = platforms
    try scenario.write(
      "stateproof.json", String(decoding: try JSONSerialization.data(withJSONObject: config), as: UTF8.self))
    try scenario.remove("android/seed/seed-camera-blocked.log")
    try scenario.remove("android/seed/seed-camera-granted.log")
    try scenario.write(
      "android/seed/one-package.txt",
      SeedCheckCommandTests.dump.components(separatedBy: "    User 10:")[0])
    try scenario.write("android/seed/device-dump.txt", try Self.fixture("android14-full-dump-app-absent.txt"))
    let (_, report, json) = try scenario.report()
    #expect(seedPaths(json, row: "android/camera/blocked") == ["android/seed/one-package.txt"])
    #expect(report.codes(on: "android/camera/granted") == ["missing-seed"])
    let stray = finding(json, code: "seed-not-for-app").compactMap { $0["message"] as? String }
    #expect(stray.count == 1 && stray[0].contains("platforms.android.appId"))
  }

  /// A `.jsonl` appended to run after run holds the same record many times: it is one piece of
  /// evidence (its last line) with one finding, not one per line.
  @Test func repeatedSeedRecordsAreOnePieceOfEvidence() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.remove("android/seed/seed-camera-granted.log")
    let record =
      #"{"found":"policy-fixed","line":"android.permission.CAMERA: granted=false, flags=[ POLICY_FIXED]","package":"com.example.scanner","permission":"android.permission.CAMERA","taken":false,"user":0,"wanted":"granted"}"#
    try scenario.write("android/seed/records.jsonl", Array(repeating: record, count: 3).joined(separator: "\n") + "\n")
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    let rows = (json["platforms"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    let granted = rows.first { $0["id"] as? String == "android/camera/granted" }
    let seeds = (granted?["evidence"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "seed" }
    #expect(seeds.count == 1 && seeds.first?["lineNumber"] as? Int == 3)
    #expect(report.findings.filter { $0.code == .seedNotTaken }.count == 1)
  }
}

/// `seed-not-for-app` is for other apps' lines only: the app's own block with no runtime
/// permission line, or a log with no runtime line and no block at all, says that instead.
@Suite(.temporaryFolders) struct SeedWithoutPermissionLinesTests {
  private func findings(_ json: [String: Any], code: String) -> [[String: Any]] {
    (json["findings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == code }
  }

  @Test func theAppsOwnBlockWithoutRuntimeLines() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.remove("android/seed/seed-camera-granted.log")
    try scenario.write(
      "android/seed/seed-camera-granted.log",
      try SeedOwnershipTests.fixture("android14-app-without-runtime-permissions.txt"))
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    #expect(report.codes(on: "android/camera/granted") == ["missing-seed"])
    #expect(findings(json, code: "seed-not-for-app").isEmpty)
    let finding = try #require(findings(json, code: "seed-without-permission-lines").first)
    #expect(finding["severity"] as? String == "warning" && finding["platform"] as? String == "android")
    #expect(finding["files"] as? [String] == ["android/seed/seed-camera-granted.log"])
    let message = try #require(finding["message"] as? String)
    #expect(message.contains("the app's own block, Package [com.example.scanner], prints no runtime permission line"))
    #expect(!message.contains("other packages'"))
  }

  /// A full dump holding the app's block without runtime lines beside other apps' lines: still
  /// the app's block that is empty, not another app's dump.
  @Test func aFullDumpWhoseAppBlockIsEmpty() throws {
    let dump =
      try SeedOwnershipTests.fixture("android14-app-without-runtime-permissions.txt")
        + """
          Package [com.google.android.apps.messaging] (77aa01c):
            appId=10120
            versionCode=220 minSdk=29 targetSdk=34
            User 0: ceDataInode=3301 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false quarantined=false
              gids=[3003]
              runtime permissions:
                android.permission.CAMERA: granted=true, flags=[ USER_SET|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]

        """
    let scenario = try ExampleScenario.complete()
    try scenario.write("android/seed/device-dump.txt", dump)
    let (status, report, json) = try scenario.report()
    #expect(status == 0 && report.verdict == .ready)
    #expect(findings(json, code: "seed-not-for-app").isEmpty)
    let message = try #require(findings(json, code: "seed-without-permission-lines").first?["message"] as? String)
    #expect(message.contains("Package [com.example.scanner]") && message.contains("other packages'"))
  }

  @Test func aLogWithNoRuntimeLineAndNoBlock() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write(
      "android/seed/install-only.log",
      "    install permissions:\n      android.permission.INTERNET: granted=true\n")
    let (_, _, json) = try scenario.report()
    #expect(findings(json, code: "seed-not-for-app").isEmpty)
    let finding = try #require(findings(json, code: "seed-without-permission-lines").first)
    #expect(finding["severity"] as? String == "info")
    #expect((finding["message"] as? String)?.contains("holds no runtime permission line at all") == true)
  }
}
