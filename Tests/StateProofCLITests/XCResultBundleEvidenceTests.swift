import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofModel
import StateProofEvidence
@testable import StateProofRead

/// Result bundles read by StateProof itself, end to end: the shipped bundle example's rows proven
/// by the bundle's own tests and HEIC screenshots, and a bundle xcresulttool reads otherwise.
@Suite(
  .enabled(if: Zstd.isAvailable && SQLiteDatabase.isAvailable, "needs libzstd1 and libsqlite3-0"), .temporaryFolders)
struct XCResultBundleEvidenceTests {
  static let example = TestSupport.repositoryRoot.appendingPathComponent("examples/bundle")

  @Test func theBundleExampleIsProvenByItsOwnTestsAndScreenshots() throws {
    let before = try XCResultEvidenceTests.snapshot(Self.example)
    let run = try XCResultEvidenceTests.report([Self.example.path], environment: ["PATH": "/nonexistent"])
    #expect(run.status == 1)
    let files = Dictionary(
      uniqueKeysWithValues: XCResultEvidenceTests.files(run.json).map { ($0["path"] as? String ?? "", $0) })
    let bundle = try #require(files["ios/Screenshots.xcresult"])
    #expect(bundle["status"] as? String == "read")
    #expect(bundle["format"] as? String == "Xcode result bundle 3.26 (Xcode 12A6159), read from its object graph")
    #expect(bundle["devices"] as? [String] == ["iPhone SE (2nd generation) (14.0)"])
    // The bundle is the example's one test report.
    let sources = run.json["sources"] as? [[String: Any]] ?? []
    #expect(sources.map { $0["testReports"] as? Int } == [1])
    let rows = XCResultEvidenceTests.rows(run.json, platform: "ios")
    #expect(rows["ios/camera/authorized"]?.status == "covered")
    #expect(
      rows["ios/camera/authorized"]?.tests == [
        "bitrise_screenshot_automationUITests#testMainViewScreenshot on iPhone SE (2nd generation) (14.0): passed"
      ])
    #expect(rows["ios/camera/denied"]?.status == "failing")
    let platforms = run.json["platforms"] as? [[String: Any]] ?? []
    let evidence = { (id: String) -> [[String: Any]] in
      ((platforms.first?["rows"] as? [[String: Any]])?.first { $0["id"] as? String == id }?["evidence"]
        as? [[String: Any]]) ?? []
    }
    let shots = evidence("ios/camera/authorized").filter { $0["kind"] as? String == "screenshot" }
    let heic = shots.filter {
      $0["format"] as? String == "heic" && $0["attachmentName"] as? String == "Localization screenshot"
    }
    #expect(!heic.isEmpty)
    #expect(shots.allSatisfy { $0["rule"] as? String == "attached-to-test" })
    #expect(shots.allSatisfy { ($0["path"] as? String)?.hasPrefix("ios/Screenshots.xcresult/Data/data.0~") == true })
    // XCTest's own step screenshots are listed, never evidence.
    #expect(!shots.contains { $0["attachmentName"] as? String == "kXCTAttachmentLegacyScreenImageData" })
    let failure = evidence("ios/camera/denied").first { $0["kind"] as? String == "test" }
    #expect((failure?["message"] as? String) == "bitrise_screenshot_automationUITests.swift:52: XCTAssertTrue failed")
    // The screenshots are copied into the report; nothing was written into the evidence.
    for shot in heic {
      let asset = try #require(shot["asset"] as? String)
      #expect(FileManager.default.fileExists(atPath: run.out.appendingPathComponent(asset).path))
    }
    #expect(try XCResultEvidenceTests.snapshot(Self.example) == before)
  }

  /// What an artifact round trip makes of `build/ScannerUITests.xcresult`: its files in a folder
  /// named for the artifact, or as the downloaded evidence path itself. Both give the report the
  /// bundle under its name gives: 1 error and 1 of 2 rows, and none of `Data/`'s blobs listed as
  /// a screenshot of its own.
  @Test(arguments: [false, true])
  func aBundleWithoutItsNameGivesTheSameReport(bundleIsThePath: Bool) throws {
    let config = Self.example.appendingPathComponent("stateproof.json").path
    let named = try XCResultEvidenceTests.report(
      [Self.example.path], config: config, environment: ["PATH": "/nonexistent"])
    let evidence = try TestSupport.temporaryFolder().appendingPathComponent("evidence")
    let bundle = evidence.appendingPathComponent("ios/ScannerUITests")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    let source = Self.example.appendingPathComponent("ios/Screenshots.xcresult")
    for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
      try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: bundle.appendingPathComponent(name))
    }
    try FileManager.default.copyItem(
      at: Self.example.appendingPathComponent("ios/ScreenshotAutomation.app"),
      to: evidence.appendingPathComponent("ios/ScreenshotAutomation.app"))
    let run = try XCResultEvidenceTests.report(
      [bundleIsThePath ? bundle.path : evidence.path], config: config, environment: ["PATH": "/nonexistent"])
    #expect(run.status == named.status)
    let summary = run.json["summary"] as? [String: Any] ?? [:]
    #expect(summary["errors"] as? Int == 1)
    #expect(summary["covered"] as? Int == 1)
    #expect(run.json["summary"] as? NSDictionary == named.json["summary"] as? NSDictionary)
    let rows = XCResultEvidenceTests.rows(run.json, platform: "ios")
    let namedRows = XCResultEvidenceTests.rows(named.json, platform: "ios")
    #expect(rows.mapValues(\.status) == namedRows.mapValues(\.status))
    #expect(rows.mapValues(\.tests) == namedRows.mapValues(\.tests))
    let codes = { (json: [String: Any]) in XCResultEvidenceTests.findings(json).compactMap { $0["code"] as? String } }
    #expect(codes(run.json) == codes(named.json))
    let files = XCResultEvidenceTests.files(run.json)
    let path = bundleIsThePath ? "ScannerUITests" : "ios/ScannerUITests"
    let record = try #require(files.first { $0["path"] as? String == path })
    #expect(record["kind"] as? String == "xcresult-bundle")
    #expect(record["status"] as? String == "read")
    // The bundle's blobs are its attachments (the same as under its name), never screenshots
    // of their own.
    let shots = { (files: [[String: Any]], bundle: String) in
      files.filter { $0["kind"] as? String == "screenshot" }.compactMap {
        ($0["path"] as? String)?.replacingOccurrences(of: bundle, with: "")
      }
    }
    #expect(!shots(files, path).isEmpty)
    #expect(shots(files, path) == shots(XCResultEvidenceTests.files(named.json), "ios/Screenshots.xcresult"))
  }

  @Test func aBundleXcresulttoolReadsOtherwiseIsAMismatchNamingTheTests() throws {
    let tools = try TestSupport.temporaryFolder()
    let json = TestSupport.repositoryRoot.appendingPathComponent("examples/two-simulators/ios/xcresult/tests.json")
    // A stand-in xcrun that prints another run's tests for the bundle.
    let script = """
      #!/bin/sh
      [ "$1" = xcresulttool ] || exit 64
      shift
      case "$1 $2 $3" in
        "version  ") echo "xcresulttool version 23500, format version 3.53 (current)" ;;
        "get test-results tests") cat '\(json.path)' ;;
        "get test-results summary") echo '{}' ;;
        "export attachments --path") mkdir -p "$6" ;;
        *) exit 64 ;;
      esac
      """
    let xcrun = tools.appendingPathComponent("xcrun")
    try Data(script.utf8).write(to: xcrun)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun.path)
    let run = try XCResultEvidenceTests.report(
      [Self.example.path], formats: "json", environment: ["PATH": tools.path + ":/usr/bin:/bin"])
    let mismatch = try #require(
      XCResultEvidenceTests.findings(run.json).first { $0["code"] as? String == "xcresult-mismatch" })
    let message = try #require(mismatch["message"] as? String)
    #expect(
      message.hasPrefix(
        "ios/Screenshots.xcresult: StateProof's own reading of the bundle and `xcrun xcresulttool get test-results tests` disagree on "
      ))
    // The other run's 18 tests are absent from the bundle, the bundle's 6 from it: 10 named.
    #expect(message.contains("disagree on 24 tests: "))
    #expect(
      message.contains(
        "CameraPromptReceiptTests#testFirstScanShowsSystemPromptWithOurPurpose() {Release Candidate} on iPhone 16 (18.6): absent in the bundle, passed by xcresulttool; "
      ))
    #expect(message.contains(" and 14 more. "))
    // The bundle's own reading is what the rows use.
    #expect(XCResultEvidenceTests.rows(run.json, platform: "ios")["ios/camera/authorized"]?.status == "covered")
  }

  @Test func theSameExecutionsAgreeAndDifferencesAreNamed() {
    let location = EvidenceLocation(root: "r", path: "a.xcresult")
    let one = TestExecution(location: location, classname: "A", name: "t()", device: "iPhone", outcome: .passed)
    var failed = one
    failed.outcome = .failed
    #expect(XCResultBundleEvidence.disagreement(native: [one], tool: [one], bundle: location) == nil)
    let found = XCResultBundleEvidence.disagreement(native: [one], tool: [failed], bundle: location)
    #expect(found?.tests == ["A#t() on iPhone: passed in the bundle, failed by xcresulttool"])
    #expect(found?.count == 1)
  }
}

/// The same run as a bundle (its database, fastlane's Xcode 26 fixture), as xcresulttool's JSON
/// and as trainer's JUnit: the same rows and the same findings.
@Suite(
  .enabled(if: Zstd.isAvailable && SQLiteDatabase.isAvailable, "needs libzstd1 and libsqlite3-0"), .temporaryFolders)
struct XCResultSameRunTests {
  static let corpus = SharedCorpus.url("xcresult-bundles")

  @Test(.needsSharedCorpus)
  func bundleJSONAndJUnitOfOneRunGiveTheSameRowsAndFindings() throws {
    let folder = try TestSupport.temporaryFolder()
    let config = folder.appendingPathComponent("stateproof.json")
    try Data(
      """
      {"app": "Trainer", "release": "1",
       "platforms": {"ios": {"appId": "com.example.trainer", "receipt": "FastlaneTrainerExampleUITests#testAlertHandling()"}},
       "permissions": [{"id": "camera", "include": ["ios/authorized", "ios/denied"], "reason": "same run",
         "rows": {"ios/authorized": {"tests": ["FastlaneTrainerExampleUITests#testBasicNavigation()"], "reason": "r"},
                  "ios/denied": {"tests": ["FastlaneTrainerExampleUITests#testAlertHandling()"], "reason": "r"}}}]}
      """.utf8
    ).write(to: config)
    let json = folder.appendingPathComponent("json")
    let junit = folder.appendingPathComponent("junit")
    for sub in [json, junit] { try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true) }
    try FileManager.default.copyItem(
      at: Self.corpus.appendingPathComponent("oracles/fastlane/Xcode26-Mixed-XCTest-SwiftTesting.json"),
      to: json.appendingPathComponent("tests.json"))
    try FileManager.default.copyItem(
      at: Self.corpus.appendingPathComponent("oracles/fastlane/Xcode26-Mixed-XCTest-SwiftTesting-WithRetries.junit"),
      to: junit.appendingPathComponent("TEST-run.xml"))
    let bundle = Self.corpus.appendingPathComponent("fastlane-Xcode26-Mixed-XCTest-SwiftTesting.xcresult")
    func outcome(_ path: URL) throws -> (rows: [String: String], findings: [String]) {
      let run = try XCResultEvidenceTests.report(
        [path.path], config: config.path, formats: "json", environment: ["PATH": "/nonexistent"])
      let rows = XCResultEvidenceTests.rows(run.json, platform: "ios").mapValues(\.status)
      let findings = XCResultEvidenceTests.findings(run.json).compactMap { finding -> String? in
        guard let code = finding["code"] as? String, code != "unmatched-evidence" else { return nil }
        return "\(code) \(finding["row"] as? String ?? "")"
      }
      return (rows, findings.sorted())
    }
    let fromBundle = try outcome(bundle)
    #expect(fromBundle.rows == ["ios/camera/authorized": "failing", "ios/camera/denied": "incomplete"])
    let fromJSON = try outcome(json)
    let fromJUnit = try outcome(junit)
    #expect(fromJSON.rows == fromBundle.rows)
    #expect(fromJSON.findings == fromBundle.findings, "\(fromJSON.findings) \(fromBundle.findings)")
    #expect(fromJUnit.rows == fromBundle.rows)
    #expect(fromJUnit.findings == fromBundle.findings, "\(fromJUnit.findings) \(fromBundle.findings)")
  }
}
