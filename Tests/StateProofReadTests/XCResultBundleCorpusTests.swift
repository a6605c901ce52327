import Foundation
import StateProofModel
import StateProofEvidence
import StateProofJSON
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofRead

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads the real result bundles of `<repo>/../shared/corpus/xcresult-bundles` and compares each
/// with what macOS tools made from it (its oracle in `oracles/`): executions, outcomes, device
/// and failure messages.
@Suite(.enabled(if: Zstd.isAvailable && SQLiteDatabase.isAvailable, "needs libzstd1 and libsqlite3-0"))
struct XCResultBundleCorpusTests {
  static let corpus = SharedCorpus.url("xcresult-bundles")

  static func read(_ name: String) -> XCResultBundleYield {
    XCResultBundleReader.read(
      bundle: corpus.appendingPathComponent(name).path, location: EvidenceLocation(root: "corpus", path: name))
  }

  /// The test cases of a JUnit oracle: `classname#name` → failure message, or nil for a pass.
  static func junitCases(_ path: String) throws -> [String: String?] {
    let document = try XMLDocument(contentsOf: corpus.appendingPathComponent(path), options: [])
    var cases: [String: String?] = [:]
    for node in try document.nodes(forXPath: "//testcase") {
      guard let element = node as? XMLElement else { continue }
      let id =
        "\(element.attribute(forName: "classname")?.stringValue ?? "")#\(element.attribute(forName: "name")?.stringValue ?? "")"
      let failure = element.elements(forName: "failure").first
      cases.updateValue(failure.map { $0.attribute(forName: "message")?.stringValue ?? "" }, forKey: id)
    }
    return cases
  }

  @Test(.needsSharedCorpus)
  func xcode11ObjectGraphMatchesTrainerJUnit() throws {
    let yield = Self.read("fastlane-Test.test_result.xcresult")
    #expect(yield.formatVersion == "3.20")
    #expect(yield.xcodeVersion == "11M382q")
    #expect(yield.problems.isEmpty)
    #expect(yield.devices.map(\.display) == ["iPhone 6 (10.3.1)"])
    #expect(yield.devices.map(\.os) == ["iOS Simulator 10.3.1 (14E8301)"])
    let oracle = try Self.junitCases("oracles/fastlane/XCResult.junit")
    let executions = yield.executions
    #expect(oracle.count == 7)
    #expect(Set(executions.map(\.id)) == Set(oracle.keys))
    for test in executions {
      let expected = try #require(oracle[test.id])
      #expect(test.device == "iPhone 6 (10.3.1)")
      #expect(test.configuration == "Test Scheme Action")
      guard let expected else {
        #expect(test.outcome == .passed, "\(test.id)")
        continue
      }
      // trainer: `XCTAssertTrue failed (/path/File.swift#…StartingLineNumber=36)`, a 0-based
      // line; the summary's lineNumber is 1-based.
      #expect(test.outcome == .failed, "\(test.id)")
      let file = try #require(
        expected.split(separator: "(").last?.split(separator: "#").first?.split(separator: "/").last)
      let line = try #require(expected.split(separator: "=").last.flatMap { Int($0.prefix { $0.isNumber }) })
      #expect(test.message == "\(file):\(line + 1): XCTAssertTrue failed", "\(test.id)")
    }
  }

  @Test(.needsSharedCorpus)
  func xcode26ObjectGraphMatchesPeekieStatuses() throws {
    let yield = Self.read("peekie-SPM-26.1.1-iOS.xcresult")
    #expect(yield.formatVersion == "3.56")
    #expect(yield.xcodeVersion == "26.1.1 (17B100)")
    #expect(yield.problems.isEmpty)
    #expect(yield.incompleteRuns.isEmpty)
    #expect(yield.devices.map(\.display) == ["iPhone 15 (26.1)"])
    #expect(yield.devices.first?.platform == "iOS Simulator")
    // `✅ name [arguments] (message)` under each suite's name.
    let text = try String(
      contentsOf: Self.corpus.appendingPathComponent("oracles/peekie/format_allStatuses-_.SPM-26-1-1-iOS_all.txt"),
      encoding: .utf8)
    var suite = ""
    var expected: [(id: String, arguments: String?, outcome: TestOutcome, expectedFailure: Bool, message: String?)] = []
    for line in text.split(separator: "\n") {
      guard let mark = line.first, !mark.isLetter else {
        suite = String(line)
        continue
      }
      var rest = line.drop { !$0.isWhitespace }.dropFirst()
      var message: String?
      if rest.hasSuffix(")"), let open = rest.range(of: " (") {
        message = String(rest[open.upperBound..<rest.index(before: rest.endIndex)])
        rest = rest[..<open.lowerBound]
      }
      var arguments: String?
      if rest.hasSuffix("]"), let open = rest.range(of: " [") {
        arguments = String(rest[open.upperBound..<rest.index(before: rest.endIndex)])
        rest = rest[..<open.lowerBound]
      }
      let outcome: TestOutcome =
        switch mark.unicodeScalars.first {
        case "✅", "🤡": .passed
        case "❌": .failed
        case "⚠": .flaky
        default: .skipped
        }
      expected.append(("\(suite)#\(rest)", arguments, outcome, mark == "🤡", message))
    }
    #expect(expected.count == 21)
    let executions = yield.executions
    #expect(executions.count == expected.count)
    for want in expected {
      let test = try #require(executions.first { $0.id == want.id && $0.arguments == want.arguments }, "\(want.id)")
      #expect(test.outcome == want.outcome, "\(want.id)")
      #expect(test.device == "iPhone 15 (26.1)")
      if want.expectedFailure { #expect(test.message?.hasPrefix("Expected failure: ") == true, "\(want.id)") }
      if let message = want.message {
        #expect(test.message?.contains(message) == true, "\(want.id): \(test.message ?? "nil")")
      }
    }
    // Retries are attempts of their own before folding: test_failure() ran three times.
    #expect(yield.attempts.filter { $0.id == "XCTestTests#test_failure()" }.count == 3)
  }

  @Test(.needsSharedCorpus)
  func repeatedRunFoldsLikeXcresultparser() throws {
    let yield = Self.read("xcresultparser-test_repeated.xcresult")
    #expect(yield.formatVersion == "3.53")
    #expect(yield.xcodeVersion == "16.2 (16C5032a)")
    #expect(yield.problems.isEmpty)
    let oracle = try Self.junitCases("oracles/xcresultparser/junit_repeated.xml")
    #expect(oracle.count == 1)
    let attempts = yield.attempts
    #expect(attempts.count == 3)
    #expect(attempts.allSatisfy { $0.outcome == .failed })
    let executions = yield.executions
    #expect(executions.map(\.id) == Array(oracle.keys))
    #expect(executions.first?.outcome == .failed)
    // xcresultparser: `failed - Failed with number: 51 (test_repeatTests.swift:15)`, the first attempt's.
    #expect(attempts.first?.message == "test_repeatTests.swift:15: failed - Failed with number: 51")
    #expect(executions.first?.message?.hasPrefix("test_repeatTests.swift:15: failed - Failed with number: ") == true)
    #expect(
      yield.devices.map(\.deviceName) == ["BAZEL_TEST_iPhone 16 Pro_18.2"]
        || yield.devices.map(\.modelName) == ["iPhone 16 Pro"])
    #expect(executions.first?.device == "iPhone 16 Pro (18.2)")
  }

  @Test(.needsSharedCorpus)
  func xcode12BundleHasHEICScreenshotsLabelledPNG() throws {
    let name = "xcresultkit-testHEIC.xcresult"
    let yield = Self.read(name)
    #expect(yield.formatVersion == "3.26")
    #expect(yield.xcodeVersion == "12A6159")
    #expect(yield.problems.isEmpty)
    #expect(yield.devices.map(\.display) == ["iPhone SE (2nd generation) (14.0)"])
    // XCResultKit: 6 test runs, 3 failed (one test per configuration de, en, ko).
    let executions = yield.executions
    #expect(executions.count == 6)
    #expect(executions.filter { $0.outcome == .failed }.count == 3)
    #expect(Set(executions.compactMap(\.configuration)) == ["de", "en", "ko"])
    // Of the activities' attachments labelled PNG, 48 of 51 are HEIC bytes.
    let bundle = Self.corpus.appendingPathComponent(name).path
    var labelled = 0
    var heic = 0
    for attachment in yield.attachments
    where !attachment.isAssociatedWithFailure && attachment.uniformType == "public.png" {
      labelled += 1
      var head: [UInt8] = []
      let read = XCResultBundleReader.payload(bundle: bundle, id: try #require(attachment.payloadID), limit: 1 << 30) {
        if head.count < 12 { head += $0.prefix(12 - head.count) }
      }
      #expect((try? read.get()) != nil)
      if head.count == 12, head[4..<12].elementsEqual("ftypheic".utf8) { heic += 1 }
    }
    #expect(labelled == 51)
    #expect(heic == 48)
    let named = yield.attachments.filter { $0.name == "Localization screenshot" }
    #expect(named.count == 18)
    #expect(
      named.allSatisfy {
        $0.testIdentifier != nil && $0.device == "iPhone SE (2nd generation) (14.0)" && $0.time != nil
      })
  }

  /// `classname#name [arguments] {configuration} outcome on device`, sorted: what a row matches.
  static func keys(_ executions: [TestExecution]) -> [String] {
    executions.map {
      "\($0.id) [\($0.arguments ?? "")] {\($0.configuration ?? "")} \($0.outcome.rawValue) on \($0.device ?? "-")"
    }.sorted()
  }

  @Test(.needsSharedCorpus)
  func bundleWithOnlyItsDatabaseIsReadFromItAndSaysSo() throws {
    let name = "fastlane-Xcode26-Mixed-XCTest-SwiftTesting.xcresult"
    let yield = Self.read(name)
    #expect(yield.store == .database)
    #expect(yield.formatVersion == "3.56")
    #expect(yield.problems.isEmpty, "\(yield.problems)")
    #expect(yield.attempts.count == 368)
    // The same run as xcresulttool's JSON and as trainer's JUnit: the same tests and outcomes.
    let json = DiscoveredFile(
      record: FileRecord(root: "corpus", path: "tests.json", kind: .xcresultJSON, bytes: 0, sha256: nil),
      url: Self.corpus.appendingPathComponent("oracles/fastlane/Xcode26-Mixed-XCTest-SwiftTesting.json"))
    var fromJSON: [TestExecution] = []
    let data = try [UInt8](Data(contentsOf: json.url))
    _ = XCResultReader.read(json, source: { MemoryBytes(data) }) { fromJSON.append($0) }
    #expect(Self.keys(RetryFolding.fold(fromJSON)) == Self.keys(yield.executions))
    // trainer names Swift Testing cases by display name and argument, so its JUnit is compared
    // by attempts: 368 runs, 40 failed, 13 skipped.
    let document = try XMLDocument(
      contentsOf: Self.corpus.appendingPathComponent(
        "oracles/fastlane/Xcode26-Mixed-XCTest-SwiftTesting-WithRetries.junit"))
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    #expect(cases.count == yield.attempts.count)
    #expect(
      cases.filter { !$0.elements(forName: "failure").isEmpty }.count
        == yield.attempts.filter { $0.outcome == .failed }.count)
    #expect(
      cases.filter { !$0.elements(forName: "skipped").isEmpty }.count
        == yield.attempts.filter { $0.outcome == .skipped }.count)
  }

  /// Bundles that keep both stores: the object graph and xcresulttool's database agree.
  @Test(
    .needsSharedCorpus,
    arguments: ["xcresultparser-test_repeated.xcresult", "xcresultkit-testHEIC.xcresult"])
  func objectGraphAndDatabaseAgree(name: String) {
    let graph = Self.read(name)
    let database = XCResultDatabaseReader.read(
      bundle: Self.corpus.appendingPathComponent(name), location: EvidenceLocation(root: "corpus", path: name))
    #expect(graph.store == .objectGraph)
    #expect(Self.keys(graph.executions) == Self.keys(database.executions))
    #expect(graph.attempts.count == database.attempts.count)
    #expect(graph.devices.map(\.display) == database.devices.map(\.device.display))
  }
}
