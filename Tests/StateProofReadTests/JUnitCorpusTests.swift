import Foundation
import StateProofModel
import StateProofEvidence
import Testing
import StateProofTestSupport

@testable import StateProofRead

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads the shared corpus of real JUnit files (`<repo>/../shared/corpus/junit`, beside the clone)
/// and checks the reader against an independent count made with Foundation's DOM and XPath.
@Suite struct JUnitCorpusTests {
  static let corpus = SharedCorpus.url("junit")

  /// Corpus XML files (`.xml`, `.junit`, `.xsd`), relative to the corpus, in or out of `hazards/`.
  static func files(inHazards: Bool) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: corpus.path) else { return [] }
    return walker.compactMap { $0 as? String }
      .filter { ["xml", "junit", "xsd"].contains(($0 as NSString).pathExtension) }
      .filter { $0.hasPrefix("hazards/") == inHazards }
      .sorted()
  }

  struct Count: Equatable, CustomStringConvertible {
    var cases = 0
    var failedOrError = 0
    var skipped = 0
    var flaky = 0

    var description: String { "\(cases) cases, \(failedOrError) failed, \(skipped) skipped, \(flaky) flaky" }
  }

  /// The independent count: XPath over a whole-document parse. xcresultparser's `Session-level
  /// issues` suite holds issues recorded outside any test, not tests, so its cases are left out.
  static func xpathCount(_ url: URL) throws -> Count {
    let document = try XMLDocument(contentsOf: url, options: [])
    let test = "//testcase[not(ancestor::testsuite[@name='Session-level issues'])]"
    func count(_ condition: String) throws -> Int {
      try document.nodes(forXPath: condition.isEmpty ? test : "\(test)[\(condition)]").count
    }
    return Count(
      cases: try count(""),
      failedOrError: try count("failure or error or rerunFailure or rerunError"),
      skipped: try count("skipped and not(failure or error)"),
      flaky: try count("(flakyFailure or flakyError) and not(failure or error or skipped)"))
  }

  static func readerCount(_ url: URL, path: String) -> (Count, JUnitFileSummary) {
    let record = FileRecord(root: "corpus", path: path, kind: .junit, bytes: 0, sha256: nil)
    var count = Count()
    let summary = JUnitReader.read(DiscoveredFile(record: record, url: url)) { execution in
      count.cases += 1
      switch execution.outcome {
      case .failed, .error: count.failedOrError += 1
      case .skipped: count.skipped += 1
      case .flaky: count.flaky += 1
      case .passed: break
      }
    }
    return (count, summary)
  }

  /// Never a silent pass: where the corpus is, every file of it is read (the tests below take
  /// their arguments from the folder, so a missing folder would give them none).
  @Test(.needsSharedCorpus) func theCorpusIsThere() {
    #expect(Self.files(inHazards: false).count >= 33)
    #expect(Self.files(inHazards: true).count >= 7)
  }

  @Test(.needsSharedCorpus, arguments: files(inHazards: false))
  func matchesAnIndependentCount(_ path: String) throws {
    let url = Self.corpus.appendingPathComponent(path)
    let expected = try Self.xpathCount(url)
    let (count, summary) = Self.readerCount(url, path: path)
    #expect(count == expected)
    #expect(summary.problems.isEmpty, "\(summary.problems)")
    #expect(summary.isComplete)
    #expect(summary.testCount == count.cases)
    #expect(summary.isTestReport == !path.hasPrefix("schemas/"))
  }

  @Test(.needsSharedCorpus, .timeLimit(.minutes(1)), arguments: files(inHazards: true))
  func readsOrReportsEveryHazard(_ path: String) throws {
    let url = Self.corpus.appendingPathComponent(path)
    let (count, summary) = Self.readerCount(url, path: path)
    if let expected = try? Self.xpathCount(url), summary.isTestReport, summary.isComplete {
      #expect(count == expected)
    } else {
      let reported = !summary.isTestReport || summary.problems.contains { $0.location.line != nil }
      #expect(reported, "\(path): \(summary.problems)")
    }
  }

  @Test(.needsSharedCorpus)
  func recognisesTheDialects() {
    let expected: [String: JUnitDialect] = [
      "agp-connected/TEST-test_device(AVD) - 15-_app-.xml": .androidConnected,
      "gradle-jvm/TEST-com.github.guenhter.junit.CalculatorTest.xml": .gradle,
      "xcode-converters/fastlane-trainer-Xcode26-Mixed-WithoutRetries.junit": .fastlaneTrainer,
      "xcode-converters/xcresultparser-junit_session_level_failure.xml": .xcresultparser,
      "xcode-converters/xcbeautify-junit-MixedTestLog_6_0_Linux.xml": .xcbeautify,
      "swift-test-xunit/dorny-swift-xunit.xml": .swiftPMXCTest,
      "swift-test-xunit/trunk-swift-test-xunit-swift-testing.xml": .swiftTesting,
      "surefire-pytest-bazel/TEST-io.olamy.FlakyTest.xml": .surefire,
      "surefire-pytest-bazel/pytest-junit.fail.xml": .pytest,
      "surefire-pytest-bazel/bazel-suite-logs.xml": .bazel,
      "surefire-pytest-bazel/TEST-org.apache.pulsar.AddMissingPatchVersionTest.xml": .testNG,
    ]
    for (path, dialect) in expected {
      let (_, summary) = Self.readerCount(Self.corpus.appendingPathComponent(path), path: path)
      #expect(summary.dialect == dialect, "\(path)")
    }
  }

  @Test(
    .needsSharedCorpus,
    arguments: [
      ("xcode-converters/fastlane-trainer-Xcode26-Mixed-WithoutRetries.junit", 192),
      ("xcode-converters/fastlane-trainer-Xcode16-Mixed-WithRetries.junit", 368),
    ])
  func trainerDevicesArriveAfterTheCases(_ path: String, _ cases: Int) {
    var devices: [String?: Int] = [:]
    let summary = JUnitReader.read(
      DiscoveredFile(
        record: FileRecord(root: "corpus", path: path, kind: .junit, bytes: 0, sha256: nil),
        url: Self.corpus.appendingPathComponent(path))
    ) { devices[$0.device, default: 0] += 1 }
    #expect(devices[nil] == nil, "\(devices)")
    #expect(devices.values.reduce(0, +) == cases)
    #expect(summary.problems.isEmpty)
  }
}
