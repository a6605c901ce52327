import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofDiscover
@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofModel
@testable import StateProofRead

/// Xcode's own evidence end to end: xcresulttool JSON recognised by its content, the same run
/// read from JUnit and from JSON, result bundles read through `xcrun` (a stand-in on PATH) or
/// named as a finding where it is missing, and the two-simulator example.
@Suite(.temporaryFolders) struct XCResultEvidenceTests {
  static let corpus = SharedCorpus.url("xcresult")
  static let testsJSON = "openxcresulttool__Test-RandomStuff-2026.01.11_14-12-06-+0200.tests.json"

  /// Runs `report` on `paths` and returns the exit status, what it printed, and report.json.
  static func report(
    _ paths: [String], config: String? = nil, formats: String? = nil, environment: [String: String] = [:]
  ) throws -> (
    status: Int32, errors: String, json: [String: Any], out: URL
  ) {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let result = TestSupport.run(
      ["report", "--out", out.path] + (config.map { ["--config", $0] } ?? [])
        + (formats.map { ["--format", $0] } ?? [])
        + paths, environment: environment)
    let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
    return (
      result.status, result.errors, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]), out
    )
  }

  static func findings(_ json: [String: Any]) -> [[String: Any]] { json["findings"] as? [[String: Any]] ?? [] }
  static func files(_ json: [String: Any]) -> [[String: Any]] { json["evidence"] as? [[String: Any]] ?? [] }

  /// Every row of a platform: its status, and its tests as (identity, device, outcome).
  static func rows(_ json: [String: Any], platform: String) -> [String: (status: String, tests: Set<String>)] {
    let platforms = json["platforms"] as? [[String: Any]] ?? []
    let rows = platforms.first { $0["platform"] as? String == platform }?["rows"] as? [[String: Any]] ?? []
    var result: [String: (status: String, tests: Set<String>)] = [:]
    for row in rows {
      let tests = (row["evidence"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "test" }.map { item in
        let id = (item["id"] as? String ?? "").replacingOccurrences(of: "()", with: "")
        return "\(id) on \(item["device"] as? String ?? "-"): \(item["outcome"] as? String ?? "-")"
      }
      result[row["id"] as? String ?? ""] = (row["status"] as? String ?? "", Set(tests))
    }
    return result
  }

  @Test(.needsSharedCorpus) func xcresulttoolJSONIsKnownByItsContentNotItsName() throws {
    let folder = try TestSupport.temporaryFolder()
    let source = Self.corpus.appendingPathComponent(Self.testsJSON)
    try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("results.txt"))
    try FileManager.default.copyItem(
      at: Self.corpus.appendingPathComponent(
        "openxcresulttool__Test-RandomStuff-2026.01.11_14-12-06-+0200.test-details.testFoo.json"),
      to: folder.appendingPathComponent("details"))
    try Data([0x0A, 0x05, 0x08, 0x01]).write(to: folder.appendingPathComponent("test-result.pb"))
    try Data(#"{"title": "Release notes", "items": []}"#.utf8).write(to: folder.appendingPathComponent("notes.json"))
    let byName = Dictionary(
      uniqueKeysWithValues: EvidenceDiscovery.discover(roots: [folder.path]).map { ($0.record.path, $0.record) })
    #expect(byName["results.txt"]?.kind == .xcresultJSON)
    #expect(byName["details"]?.kind == .xcresultJSON)
    #expect(byName["test-result.pb"]?.kind == .unsupported)
    #expect(byName["test-result.pb"]?.format == "AGP (UTP) test-result.pb")
    // Sniffed by its first key, then read whole: a title alone makes no summary.
    #expect(byName["notes.json"]?.kind == .xcresultJSON)

    let run = try Self.report([folder.path])
    let files = Dictionary(uniqueKeysWithValues: Self.files(run.json).map { ($0["path"] as? String ?? "", $0) })
    #expect(files["results.txt"]?["format"] as? String == "xcresulttool get test-results tests")
    #expect(files["details"]?["kind"] as? String == "unsupported")
    #expect(files["notes.json"]?["kind"] as? String == "other")
    let unsupported = Self.findings(run.json).filter { $0["code"] as? String == "unsupported-evidence" }
    #expect(
      unsupported.compactMap { $0["files"] as? [String] }.flatMap(\.self).sorted() == ["details", "test-result.pb"])
    #expect(unsupported.allSatisfy { $0["severity"] as? String == "info" })

    let inspected = TestSupport.run(["inspect", folder.path])
    #expect(inspected.output.contains("results.txt: xcresult-json (xcresulttool get test-results tests)"))
    #expect(inspected.output.contains("7 tests (3 passed, 2 failed, 1 skipped, 1 expected failure)"))
    #expect(inspected.output.contains("details: unsupported (xcresulttool get test-results test-details)"))
    #expect(inspected.output.contains("test-result.pb: unsupported (AGP (UTP) test-result.pb)"))
  }

  @Test func theSameRunAsJUnitAndAsJSONGivesTheSameRows() throws {
    let junitOnly = try ExampleScenario.complete()
    try junitOnly.remove("ios/xcresult")
    let jsonOnly = try ExampleScenario.complete()
    try jsonOnly.remove("ios/junit/ScannerUITests.junit.xml")
    let both = try ExampleScenario.complete()
    let fromJUnit = try Self.report([junitOnly.root.path])
    let fromJSON = try Self.report([jsonOnly.root.path])
    let fromBoth = try Self.report([both.root.path])
    let junitRows = Self.rows(fromJUnit.json, platform: "ios")
    let jsonRows = Self.rows(fromJSON.json, platform: "ios")
    #expect(junitRows.count == 5)
    for (id, row) in junitRows {
      #expect(jsonRows[id]?.status == row.status, "\(id)")
      #expect(jsonRows[id]?.tests == row.tests, "\(id)")
    }
    #expect(
      junitRows["ios/camera/denied"]?.tests == [
        "CameraStateScreenTests#testDeniedOffersSettingsAfterTap on iPhone 16 (18.6): passed"
      ])
    // Both at once: the same findings, the same one device, no second device or conflict.
    func summary(_ json: [String: Any]) -> [String] {
      Self.findings(json).map { "\($0["code"] ?? "") \($0["message"] ?? "")" }.sorted()
    }
    #expect(summary(fromBoth.json) == summary(fromJUnit.json))
    #expect(fromBoth.status == fromJUnit.status)
    let devices = (fromBoth.json["devices"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(devices == ["Pixel 8 - 14", "iPhone 16 (18.6)"])
  }

  @Test func activitiesTieTheScreenshotToItsRun() throws {
    let run = try Self.report([TestSupport.scannerExample])
    let platforms = run.json["platforms"] as? [[String: Any]] ?? []
    let rows = platforms.first { $0["platform"] as? String == "ios" }?["rows"] as? [[String: Any]] ?? []
    let denied = try #require(rows.first { $0["id"] as? String == "ios/camera/denied" })
    let shot = try #require(
      (denied["evidence"] as? [[String: Any]])?.first {
        ($0["path"] as? String)?.hasPrefix("ios/attachments/5E0C2B7A") == true
      })
    #expect(shot["rule"] as? String == "attached-to-test")
    #expect(shot["attachmentName"] as? String == "Settings link after tap")
    // The manifest says "iPhone 16"; the activities file names the run's device with its OS.
    #expect(shot["device"] as? String == "iPhone 16 (18.6)")
  }

  @Test(.needsSharedCorpus) func aSummaryThatDisagreesWithItsTreeIsAFinding() throws {
    let folder = try TestSupport.temporaryFolder()
    try FileManager.default.copyItem(
      at: Self.corpus.appendingPathComponent(Self.testsJSON), to: folder.appendingPathComponent("run.tests.json"))
    let summary = try String(
      contentsOf: Self.corpus.appendingPathComponent(
        "openxcresulttool__Test-RandomStuff-2026.01.11_14-12-06-+0200.summary.json"),
      encoding: .utf8)
    try Data(summary.replacingOccurrences(of: #""totalTestCount" : 7"#, with: #""totalTestCount" : 9"#).utf8)
      .write(to: folder.appendingPathComponent("run.summary.json"))
    let run = try Self.report([folder.path])
    let mismatch = Self.findings(run.json).filter { $0["code"] as? String == "xcresult-mismatch" }
    #expect(mismatch.count == 1)
    #expect((mismatch.first?["message"] as? String)?.contains("the summary states 9 tests") == true)
    #expect(mismatch.first?["files"] as? [String] == ["run.summary.json", "run.tests.json"])

    // The corpus's own pairs agree.
    let corpus = try Self.report([Self.corpus.path])
    #expect(!Self.findings(corpus.json).contains { $0["code"] as? String == "xcresult-mismatch" })
  }

  @Test func twoSimulatorsEachGetTheirRowsAndTheReceiptCardNamesDeviceAndOS() throws {
    let example = TestSupport.repositoryRoot.appendingPathComponent("examples/two-simulators").path
    let run = try Self.report([example])
    #expect(run.status == 0, "\(run.errors)")
    let platforms = run.json["platforms"] as? [[String: Any]] ?? []
    let ios = try #require(platforms.first)
    #expect(platforms.count == 1)
    let rows = ios["rows"] as? [[String: Any]] ?? []
    for row in rows {
      let cells = (row["devices"] as? [[String: Any]] ?? []).map { "\($0["device"] ?? ""): \($0["status"] ?? "")" }
      #expect(
        cells == ["iPhone 16 (18.6): covered", "iPhone SE (3rd generation) (17.5): covered"], "\(row["id"] ?? "")")
    }
    let flaky = Self.findings(run.json).filter { $0["code"] as? String == "test-flaky" }
    #expect(flaky.count == 1)
    #expect((flaky.first?["message"] as? String)?.contains("testDeniedOffersSettingsAfterTap") == true)
    let html = try String(contentsOf: run.out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("passed</span> on iPhone 16 (18.6) · iOS Simulator 18.6 (22G86) · ios/xcresult/tests.json"))
    #expect(
      html.contains(
        "passed</span> on iPhone SE (3rd generation) (17.5) · iOS Simulator 17.5 (21F79) · ios/xcresult/tests.json"))
    #expect(html.contains("arguments .restricted, .explainLimitation"))
  }

  // MARK: Result bundles

  /// An evidence folder holding `ios/Scanner.xcresult`, a bundle with Apple's layout and a JUnit
  /// file inside it that must never be read as evidence.
  static func evidenceWithBundle() throws -> (root: URL, bundle: URL) {
    let root = try TestSupport.temporaryFolder().appendingPathComponent("evidence")
    let bundle = root.appendingPathComponent("ios/Scanner.xcresult")
    try FileManager.default.createDirectory(
      at: bundle.appendingPathComponent("Data"), withIntermediateDirectories: true)
    try Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>\n".utf8)
      .write(to: bundle.appendingPathComponent("Info.plist"))
    try Data([0x28, 0xB5, 0x2F, 0xFD, 0x00]).write(to: bundle.appendingPathComponent("Data/data.0~abc"))
    try Data(ExampleScenario.iosReceipt.utf8).write(to: bundle.appendingPathComponent("TEST-decoy.xml"))
    return (root, bundle)
  }

  /// Every file under `folder` with its bytes, to show nothing changed there.
  static func snapshot(_ folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for case let path as String in FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? [] {
      var isDirectory: ObjCBool = false
      let url = folder.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        result[path] = try Data(contentsOf: url)
      }
    }
    return result
  }

  @Test func withoutXcrunABundleIsAFindingWithTheCommandsToRun() throws {
    let (root, bundle) = try Self.evidenceWithBundle()
    let before = try Self.snapshot(root)
    let run = try Self.report(
      [root.path], config: TestSupport.scannerExample + "/stateproof.json", environment: ["PATH": "/nonexistent"])
    if Zstd.isAvailable && SQLiteDatabase.isAvailable {
      // Read by StateProof itself: this bundle's Info.plist names no version, which it says.
      let record = try #require(Self.files(run.json).first { $0["path"] as? String == "ios/Scanner.xcresult" })
      #expect(record["status"] as? String == "unreadable")
      #expect((record["error"] as? String)?.contains("Info.plist names no format version") == true)
      #expect(Self.findings(run.json).contains { $0["code"] as? String == "unreadable-evidence" })
      #expect(Self.files(run.json).compactMap { $0["path"] as? String } == ["ios/Scanner.xcresult"])
      #expect(try Self.snapshot(root) == before)
      return
    }
    let finding = try #require(Self.findings(run.json).first { $0["code"] as? String == "xcresult-bundle-unread" })
    #expect(finding["severity"] as? String == "warning")
    #expect(finding["platform"] as? String == "ios")
    let message = try #require(finding["message"] as? String)
    let shown = root.path + "/ios/Scanner.xcresult"
    #expect(message.contains("xcrun (Xcode's command line tools) is not on this machine's PATH"))
    #expect(
      message.contains(
        "`xcrun xcresulttool get test-results tests --path \(shown) --format json > \(root.path)/ios/Scanner-tests.json`"
      ))
    #expect(
      message.contains(
        "`xcrun xcresulttool export attachments --path \(shown) --output-path \(root.path)/ios/Scanner-attachments`"))
    // Listed once, never walked into: the JUnit file inside it proves nothing.
    let paths = Self.files(run.json).compactMap { $0["path"] as? String }
    #expect(paths == ["ios/Scanner.xcresult"])
    #expect(Self.rows(run.json, platform: "ios").values.allSatisfy { $0.tests.isEmpty })
    #expect(try Self.snapshot(root) == before)
    _ = bundle
  }

  @Test func withXcrunTheBundleIsReadThroughXcresulttool() throws {
    let (root, bundle) = try Self.evidenceWithBundle()
    let tools = try TestSupport.temporaryFolder()
    let log = tools.appendingPathComponent("xcrun.log")
    let example = URL(fileURLWithPath: TestSupport.scannerExample)
    // A stand-in for Xcode's xcrun: prints what xcresulttool would for the example's run.
    let script = """
      #!/bin/sh
      printf '%s\\n' "$*" >> '\(log.path)'
      [ "$1" = xcresulttool ] || exit 64
      shift
      case "$1 $2 $3" in
        "version  ") echo "xcresulttool version 23500, format version 3.53 (current)" ;;
        "get test-results tests") cat '\(example.path)/ios/xcresult/tests.json' ;;
        "get test-results summary") cat '\(example.path)/ios/xcresult/summary.json' ;;
        "export attachments --path")
          [ "$5" = --output-path ] || exit 64
          mkdir -p "$6" && cp '\(example.path)'/ios/attachments/* "$6"/ ;;
        *) echo "error: unknown command $*" >&2; exit 64 ;;
      esac
      """
    let xcrun = tools.appendingPathComponent("xcrun")
    try Data(script.utf8).write(to: xcrun)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun.path)
    let before = try Self.snapshot(root)

    let run = try Self.report(
      [root.path], config: TestSupport.scannerExample + "/stateproof.json",
      environment: ["PATH": tools.path + ":/usr/bin:/bin"])
    let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(calls.count == 4)
    #expect(calls[0] == "xcresulttool version")
    #expect(calls[1] == "xcresulttool get test-results tests --path \(bundle.path) --format json")
    #expect(calls[2] == "xcresulttool get test-results summary --path \(bundle.path) --format json")
    let export = try #require(calls.last)
    #expect(export.hasPrefix("xcresulttool export attachments --path \(bundle.path) --output-path "))
    let exportFolder = String(export.split(separator: " ").last!)
    #expect(!exportFolder.hasPrefix(root.path))

    let files = Dictionary(uniqueKeysWithValues: Self.files(run.json).map { ($0["path"] as? String ?? "", $0) })
    let bundleRecord = try #require(files["ios/Scanner.xcresult"])
    #expect(bundleRecord["status"] as? String == "read")
    let format = try #require(bundleRecord["format"] as? String)
    #expect(
      format.hasPrefix("Xcode result bundle, read with xcresulttool version 23500, format version 3.53 (current)"))
    // StateProof's own reader could read nothing from this stand-in bundle, and says why.
    #expect(format.contains("StateProof's own reader: ") == (Zstd.isAvailable && SQLiteDatabase.isAvailable))
    #expect(files["ios/Scanner.xcresult/tests.json"]?["format"] as? String == "xcresulttool get test-results tests")
    #expect(files["ios/Scanner.xcresult/attachments/manifest.json"]?["kind"] as? String == "attachment-manifest")
    #expect(files["ios/Scanner.xcresult/TEST-decoy.xml"] == nil)
    #expect(!Self.findings(run.json).contains { $0["code"] as? String == "xcresult-bundle-unread" })

    // The bundle's tests and exported screenshots prove rows like any other evidence.
    let rows = Self.rows(run.json, platform: "ios")
    #expect(rows["ios/camera/denied"]?.status == "covered")
    #expect(
      rows["ios/camera/denied"]?.tests == [
        "CameraStateScreenTests#testDeniedOffersSettingsAfterTap on iPhone 16 (18.6): passed"
      ])
    let platforms = run.json["platforms"] as? [[String: Any]] ?? []
    let denied = (platforms.last?["rows"] as? [[String: Any]])?.first { $0["id"] as? String == "ios/camera/denied" }
    let shot = try #require(
      (denied?["evidence"] as? [[String: Any]])?.first { $0["kind"] as? String == "screenshot" })
    #expect(shot["path"] as? String == "ios/Scanner.xcresult/attachments/5E0C2B7A-3F1D-4C8E-9A61-2D7B8E4F9C10.png")
    #expect(shot["rule"] as? String == "attached-to-test")
    // Copied into the report before the export folder went; nothing was written into the bundle.
    let asset = try #require(shot["asset"] as? String)
    #expect(FileManager.default.fileExists(atPath: run.out.appendingPathComponent(asset).path))
    #expect(!FileManager.default.fileExists(atPath: exportFolder))
    #expect(try Self.snapshot(root) == before)

    // inspect reads the bundle the same way, and cleans up after itself.
    let inspected = TestSupport.run(["inspect", root.path], environment: ["PATH": tools.path + ":/usr/bin:/bin"])
    #expect(
      inspected.output.contains(
        "ios/Scanner.xcresult: xcresult-bundle (Xcode result bundle, read with xcresulttool version 23500"))
    #expect(
      inspected.output.contains("ios/Scanner.xcresult/tests.json: xcresult-json (xcresulttool get test-results tests)"))
  }

  @Test func aBundleXcresulttoolCannotReadIsUnreadable() throws {
    let (root, _) = try Self.evidenceWithBundle()
    let tools = try TestSupport.temporaryFolder()
    let xcrun = tools.appendingPathComponent("xcrun")
    try Data("#!/bin/sh\necho \"xcrun: error: unable to find utility \\\"xcresulttool\\\"\" >&2\nexit 72\n".utf8).write(
      to: xcrun)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun.path)
    let run = try Self.report([root.path], environment: ["PATH": tools.path])
    let record = try #require(Self.files(run.json).first { $0["path"] as? String == "ios/Scanner.xcresult" })
    #expect(record["status"] as? String == "unreadable")
    #expect((record["error"] as? String)?.contains("exit status 72: xcrun: error: unable to find utility") == true)
    #expect(Self.findings(run.json).contains { $0["code"] as? String == "unreadable-evidence" })
  }
}
