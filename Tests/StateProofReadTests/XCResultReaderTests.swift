import Foundation
import StateProofJSON
import StateProofModel
import StateProofEvidence
import Testing
import StateProofTestSupport

@testable import StateProofRead

/// xcresulttool's JSON: every real file of the shared corpus (`../shared/corpus/xcresult`) and of
/// the examples read, and counted the same as `scripts/xcresult-count`, an independent Python walk
/// of the whole document; then the shapes one by one.
@Suite(.temporaryFolders) struct XCResultReaderTests {
  static let repository = PackageRoot.url
  static let corpus = SharedCorpus.url("xcresult")

  /// The corpus's files (none without it), then the examples'.
  static var corpusFiles: [URL] {
    ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted().map { corpus.appendingPathComponent($0) }
  }

  static var exampleFiles: [URL] {
    ["scanner", "two-simulators"].flatMap { example -> [URL] in
      let folder = repository.appendingPathComponent("examples/\(example)/ios/xcresult")
      return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        .map { folder.appendingPathComponent($0) }
    }
  }

  /// What the reader gives of a file, in the independent count's terms.
  struct Reading {
    var set: EvidenceSet
    var summary: XCResultFileSummary?
    var executions: [TestExecution]
  }

  static func read(_ url: URL, path: String? = nil, device: String? = nil) -> Reading {
    let file = DiscoveredFile(
      record: FileRecord(
        root: "evidence", path: path ?? url.lastPathComponent, kind: .xcresultJSON, bytes: 0, sha256: ""),
      url: url)
    var executions: [TestExecution] = []
    let (set, summary) = EvidenceReader.readXCResult(file, defaultDevice: device) { executions.append($0) }
    return Reading(set: set, summary: summary, executions: executions)
  }

  @Test(.needsSharedCorpus) func theCorpusIsThere() throws {
    // Never a silent pass: where the corpus is, all of it is read.
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
    #expect(names.filter { $0.hasSuffix(".json") }.count >= 7)
  }

  @Test func everyFileCountsAsTheIndependentWalkDoes() throws {
    let python = try #require(
      ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }, "python3 runs the independent count")
    // The examples' files always; the corpus's where it is (theCorpusIsThere is skipped, and says
    // so, where it is not).
    let files = Self.corpusFiles + Self.exampleFiles
    #expect(Self.exampleFiles.count >= 9)
    #expect(files.count >= (SharedCorpus.isPresent ? 16 : 9))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [Self.repository.appendingPathComponent("scripts/xcresult-count").path] + files.map(\.path)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == files.count)
    for (url, line) in zip(files, lines) {
      let expected = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let reading = Self.read(url)
      let record = reading.set.files[0]
      let name = url.lastPathComponent
      let command = expected["command"] as? String
      #expect(reading.summary?.command?.rawValue == command, "\(name)")
      switch command {
      case "tests", "summary":
        #expect(record.status == .read, "\(name): \(record.error?.description ?? "")")
        let cases = try #require(expected["cases"] as? [String: Int])
        let totals = try #require(reading.summary?.totals, "\(name)")
        #expect(
          [totals.total, totals.passed, totals.failed, totals.skipped, totals.expectedFailures]
            == [cases["total"], cases["passed"], cases["failed"], cases["skipped"], cases["expectedFailures"]],
          "\(name)")
        #expect(record.devices == expected["devices"] as? [String], "\(name)")
        if command == "tests" {
          let outcomes = try #require(expected["executions"] as? [String: Int])
          for outcome in ["passed", "failed", "skipped", "flaky"] {
            let counted = reading.executions.filter { $0.outcome.rawValue == outcome }.count
            #expect(counted == outcomes[outcome], "\(name): \(outcome)")
          }
          #expect(reading.summary?.outcomes.total == reading.executions.count)
        }
      case "activities":
        #expect(reading.set.activityAttachments.count == expected["attachments"] as? Int, "\(name)")
        #expect(record.devices == expected["devices"] as? [String], "\(name)")
      default:
        #expect(record.kind == .unsupported && record.status == .ignored, "\(name)")
        #expect(record.error?.description.contains("get test-results tests") == true)
      }
    }
  }

  @Test(.needsSharedCorpus) func outcomesAndMessagesComeWhole() throws {
    let url = Self.corpus.appendingPathComponent(
      "openxcresulttool__Test-RandomStuff-2026.01.11_14-12-06-+0200.tests.json")
    let reading = Self.read(url)
    let byName = Dictionary(uniqueKeysWithValues: reading.executions.map { ($0.name, $0) })
    let expected = try #require(byName["testExpectedFailure()"])
    #expect(expected.outcome == .passed)
    #expect(expected.message == "Expected failure: Working on a fix for this problem.")
    let foo = try #require(byName["testFoo()"])
    #expect(foo.outcome == .failed)
    #expect(foo.message == #"RandomStuffTests.swift:38: XCTAssertEqual failed: ("1") is not equal to ("2")"#)
    #expect(foo.classname == "RandomStuffTests")
    // The German "0,0021s" is never read: durationInSeconds is.
    #expect(foo.time == 0.0021200180053710938)
    #expect(foo.device == "iPhone 17 Pro (26.2)")
    #expect(foo.os == "iOS Simulator 26.2 (23C54)")
    #expect(foo.configuration == "Test Scheme Action")
    let skipped = try #require(byName["testSkippedTest()"])
    #expect(skipped.outcome == .skipped)
    #expect(skipped.message == "Test skipped - Required API is not available for this test.")
  }

  @Test(.needsSharedCorpus) func argumentsAreExecutionsOfTheirOwn() throws {
    // `testLaunch` runs once per appearance and orientation; its nodeIdentifier has no `()`.
    let url = Self.corpus.appendingPathComponent(
      "openxcresulttool__Test-RandomStuff-2026.01.11_12-36-33-+0200.tests.json")
    let launch = Self.read(url).executions.filter { $0.name == "testLaunch" }
    #expect(
      launch.map(\.arguments) == [
        "Dark Appearance, Landscape Right", "Dark Appearance, Portrait", "Light Appearance, Portrait",
        "Unspecified, Portrait",
      ])
    #expect(launch.allSatisfy { $0.classname == "RandomStuffUITestsLaunchTests" && $0.outcome == .passed })
    // Each at its own line, so the report lists them apart.
    #expect(Set(launch.compactMap(\.location.line)).count == 4)
  }

  @Test func twoSimulatorsRetriesAndArgumentsFallInPlace() throws {
    let url = Self.repository.appendingPathComponent("examples/two-simulators/ios/xcresult/tests.json")
    let executions = Self.read(url).executions
    let denied = executions.filter { $0.name == "testDeniedOffersSettingsAfterTap()" }
    #expect(denied.map(\.device) == ["iPhone 16 (18.6)", "iPhone SE (3rd generation) (17.5)"])
    #expect(denied.map(\.outcome) == [.passed, .flaky])
    #expect(denied[1].message?.hasPrefix("CameraStateScreenTests.swift:61: XCTAssertTrue failed") == true)
    #expect(denied[1].os == "iOS Simulator 17.5 (21F79)")
    let parameterised = executions.filter { $0.name == "screenFollowsAuthorization(status:expected:)" }
    #expect(parameterised.count == 8)
    #expect(
      parameterised.filter { $0.device == "iPhone SE (3rd generation) (17.5)" }.compactMap(\.arguments) == [
        ".notDetermined, .explainThenAsk", ".authorized, .capture", ".denied, .openSettings",
        ".restricted, .explainLimitation",
      ])
  }

  /// Writes `text` to a temporary file and reads it.
  static func read(json text: String, device: String? = nil) throws -> Reading {
    let url = try TemporaryFolder.make().appendingPathComponent("tests.json")
    try Data(text.utf8).write(to: url)
    return read(url, path: "tests.json", device: device)
  }

  @Test func keysInAnyOrderAndUnlistedTypesAreRead() throws {
    // Children before nodeType, devices after the tree, a node type Apple may add, and a run
    // whose result is not one Apple lists.
    let reading = try Self.read(
      json: """
        {"testNodes": [{"children": [{"children": [
          {"children": [{"name": "a note", "nodeType": "Performance Note"}],
           "nodeIdentifier": "Suite/testA()", "nodeType": "Test Case", "result": "Passed", "name": "testA()"},
          {"children": [
            {"children": [{"nodeType": "Failure Message", "name": "first\\nsecond line"},
                          {"nodeType": "Runtime Warning", "name": "main thread checker"}],
             "result": "Failed", "nodeType": "Repetition", "name": "Run 1"},
            {"result": "Failed", "nodeType": "Repetition", "name": "Run 2",
             "children": [{"nodeType": "Failure Message", "name": "again"}]}],
           "nodeType": "Test Case", "nodeIdentifier": "Suite/testB()", "result": "Failed"},
          {"nodeType": "Test Case", "nodeIdentifier": "Suite/testC()", "result": "Mystery"}
        ], "nodeType": "Test Suite", "name": "Suite"}], "nodeType": "Unit test bundle", "name": "Bundle"}],
         "testPlanConfigurations": [{"configurationId": "1", "configurationName": "Default"}],
         "devices": [{"deviceName": "Jane's iPhone", "modelName": "iPhone 15", "osVersion": "17.5", "platform": "iOS", "deviceId": "X"}]}
        """)
    #expect(reading.set.files[0].status == .read)
    #expect(reading.summary?.nodeTypes["Performance Note"] == 1)
    #expect(reading.summary?.nodeTypes["Runtime Warning"] == 1)
    let byName = Dictionary(uniqueKeysWithValues: reading.executions.map { ($0.name, $0) })
    #expect(byName["testA()"]?.outcome == .passed)
    #expect(byName["testA()"]?.device == "iPhone 15 (17.5)")
    // Two failed attempts fold into one failure, with the last attempt's message.
    #expect(byName["testB()"]?.outcome == .failed)
    #expect(byName["testB()"]?.message == "again")
    #expect(byName["testC()"]?.outcome == .skipped)
    #expect(byName["testC()"]?.message?.contains("\"Mystery\"") == true)
    #expect(reading.summary?.totals?.failed == 1)
    #expect(reading.summary?.totals?.total == 3)
  }

  @Test func mixedRepetitionsAreFlakyAndMixedArgumentsAreNot() throws {
    let reading = try Self.read(
      json: """
        {"devices": [], "testPlanConfigurations": [], "testNodes": [
          {"nodeType": "Test Case", "nodeIdentifier": "S/flaky()", "result": "Passed", "children": [
            {"nodeType": "Repetition", "name": "First Run", "result": "Failed",
             "children": [{"nodeType": "Failure Message", "name": "S.swift:3: boom"}]},
            {"nodeType": "Repetition", "name": "Retry 1", "result": "Passed"}]},
          {"nodeType": "Test Case", "nodeIdentifier": "S/parameterised(x:)", "result": "Failed", "children": [
            {"nodeType": "Arguments", "name": "1", "result": "Passed"},
            {"nodeType": "Arguments", "name": "2", "result": "Failed",
             "children": [{"nodeType": "Failure Message", "name": "S.swift:9: 2 is odd"}]}]}
        ]}
        """)
    let flaky = reading.executions.filter { $0.name == "flaky()" }
    #expect(flaky.map(\.outcome) == [.flaky])
    #expect(flaky.first?.message == "S.swift:3: boom")
    let parameterised = reading.executions.filter { $0.name == "parameterised(x:)" }
    #expect(parameterised.map(\.outcome) == [.passed, .failed])
    #expect(parameterised.map(\.arguments) == ["1", "2"])
    // No device named anywhere: none is made up (inspect's --device fills it).
    #expect(parameterised.allSatisfy { $0.device == nil })
    #expect(
      try Self.read(
        json: """
          {"testNodes": [{"nodeType": "Test Case", "nodeIdentifier": "S/t()", "result": "Passed"}]}
          """, device: "iPhone 16"
      ).executions.map(\.device) == ["iPhone 16"])
  }

  @Test func twoDevicesWithoutDeviceNodesNameNone() throws {
    let reading = try Self.read(
      json: """
        {"testNodes": [{"nodeType": "Test Case", "nodeIdentifier": "S/t()", "result": "Passed"}],
         "devices": [{"modelName": "iPhone 16", "osVersion": "18.6"}, {"modelName": "iPad Air", "osVersion": "18.6"}]}
        """)
    #expect(reading.executions.map(\.device) == [nil])
    #expect(reading.set.files[0].devices == ["iPad Air (18.6)", "iPhone 16 (18.6)"])
  }

  @Test func brokenJSONNamesItsPlaceAndKeepsWhatCameBefore() throws {
    let reading = try Self.read(
      json: """
        {"devices": [{"modelName": "iPhone 16", "osVersion": "18.6"}], "testNodes": [
          {"nodeType": "Test Case", "nodeIdentifier": "S/first()", "result": "Passed"},
          {"nodeType": "Test Case", "nodeIdentifier": "S/second()", "result": "Pas
        """)
    let record = reading.set.files[0]
    #expect(record.status == .unreadable)
    #expect(record.error?.description.hasPrefix("tests.json:3:") == true)
    #expect(reading.executions.map(\.name) == ["first()"])
  }

  @Test func aKeyGivenTwiceIsRefused() throws {
    let reading = try Self.read(
      json: """
        {"testNodes": [{"nodeType": "Test Case", "nodeIdentifier": "S/t()", "result": "Failed", "result": "Passed"}]}
        """)
    #expect(reading.set.files[0].status == .unreadable)
    #expect(reading.set.files[0].error?.description.contains("\"result\" is given twice") == true)
    #expect(reading.executions.isEmpty)
  }

  @Test func jsonOfNoXcresulttoolCommandIsOther() throws {
    let reading = try Self.read(json: #"{"title": "a blog post", "body": "…"}"#)
    #expect(reading.set.files[0].kind == .other)
    #expect(reading.set.files[0].status == .ignored)
    #expect(reading.set.files[0].error?.description == NotEvidenceReason.notXCResultJSON)
    #expect(reading.summary?.command == nil)
  }

  @Test func legacyOutputIsUnsupported() throws {
    let reading = try Self.read(
      json: """
        {"_type": {"_name": "ActionsInvocationRecord"}, "actions": {"_type": {"_name": "Array"}, "_values": []}}
        """)
    #expect(reading.set.files[0].kind == .unsupported)
    #expect(reading.set.files[0].format == "xcresulttool get object --legacy")
  }

  @Test func aHugeTreeReadsInBoundedDepthAndEveryCaseCounts() throws {
    // 20,000 cases under one suite: delivered one by one, each counted once.
    var text =
      #"{"devices": [{"modelName": "iPhone 16", "osVersion": "18.6"}], "testNodes": [{"nodeType": "Test Suite", "name": "S", "children": ["#
    text += (0..<20_000).map { #"{"nodeType": "Test Case", "nodeIdentifier": "S/t\#($0)()", "result": "Passed"}"# }
      .joined(separator: ",")
    text += "]}]}"
    let reading = try Self.read(json: text)
    #expect(reading.executions.count == 20_000)
    #expect(reading.summary?.totals?.total == 20_000)
  }
}
