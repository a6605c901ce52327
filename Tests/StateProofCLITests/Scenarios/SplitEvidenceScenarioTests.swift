import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI

/// The scanner example as docs/ci.md's workflow downloads it: two artifacts, `android` and `ios`,
/// given as two evidence paths with the example's configuration, whose globs are written for the
/// one folder above them (`android/screenshots/camera/granted.png`). The report is the one the
/// single folder gives: 2 errors, the granted row proven by its screenshot glob.
@Suite(.temporaryFolders) struct SplitEvidenceScenarioTests {
  typealias Run = (status: Int32, json: [String: Any])

  static func report(_ paths: [String]) throws -> Run {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let config = TestSupport.scannerExample + "/stateproof.json"
    let result = TestSupport.run(["report", "--format", "json", "--config", config, "--out", out.path] + paths)
    let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
    return (result.status, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
  }

  /// Each finding's code, platform and row (the messages name paths, which the split changes).
  static func findings(_ run: Run) -> [String] {
    (run.json["findings"] as? [[String: Any]] ?? []).map {
      "\($0["code"] as? String ?? "") \($0["platform"] as? String ?? "-") \($0["row"] as? String ?? "-")"
    }
  }

  static func rows(_ run: Run) -> [String: String] {
    var rows: [String: String] = [:]
    for platform in run.json["platforms"] as? [[String: Any]] ?? [] {
      for row in platform["rows"] as? [[String: Any]] ?? [] {
        rows[row["id"] as? String ?? ""] = row["status"] as? String
      }
    }
    return rows
  }

  @Test func twoEvidencePathsGiveTheReportOneFolderGives() throws {
    let whole = try Self.report([TestSupport.scannerExample])
    let split = try Self.report([TestSupport.scannerExample + "/android", TestSupport.scannerExample + "/ios"])
    #expect(split.status == whole.status)
    let summary = split.json["summary"] as? [String: Any] ?? [:]
    #expect(summary["errors"] as? Int == 2)
    #expect(split.json["summary"] as? NSDictionary == whole.json["summary"] as? NSDictionary)
    #expect(Self.rows(split) == Self.rows(whole))
    #expect(Self.findings(split) == Self.findings(whole))
    #expect(!Self.findings(split).contains { $0.hasPrefix("glob-matched-nothing") })
    // The granted row's screenshots are the ones its globs name, under either layout.
    let granted = (split.json["platforms"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
      .first { $0["id"] as? String == "android/camera/granted" }
    let shots = (granted?["evidence"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "screenshot" }
    #expect(
      Set(shots.compactMap { $0["path"] as? String }) == [
        "screenshots/camera/granted.png",
        "app/build/outputs/connected_android_test_additional_output/releaseAndroidTest/connected/Pixel 8 - 14/viewfinder.png",
      ])
    #expect(shots.allSatisfy { $0["rule"] as? String == "config-glob" })
  }

  @Test func aGlobNeitherPathHoldsSaysWhereItWasTried() throws {
    let ios = TestSupport.scannerExample + "/ios"
    let run = try Self.report([ios])
    let messages = (run.json["findings"] as? [[String: Any]] ?? []).filter {
      $0["code"] as? String == "glob-matched-nothing"
    }.compactMap { $0["message"] as? String }
    #expect(messages.count == 2)
    #expect(
      messages.contains(
        "The screenshots glob `android/screenshots/camera/granted.png` of android/camera/granted matched no file under the evidence path \(ios) (each file's path tried as written, then with the folders of its evidence path before it: `ios/…` and up)."
      ))
  }
}
