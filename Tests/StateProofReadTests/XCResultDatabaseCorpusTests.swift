import Foundation
import StateProofModel
import StateProofEvidence
import Testing
import StateProofTestSupport

@testable import StateProofRead

/// The corpus bundles that have a `database.sqlite3` (`../shared/corpus/xcresult-bundles`), each
/// read and matched test by test against its oracle: what macOS tools made of the same bundle.
@Suite(.temporaryFolders) struct XCResultDatabaseCorpusTests {
  static let bundles = XCResultDatabaseReaderTests.bundles
  static let oracles = bundles.appendingPathComponent("oracles")

  static func read(_ name: String) -> XCResultDatabaseReading {
    XCResultDatabaseReader.read(
      bundle: bundles.appendingPathComponent(name), location: EvidenceLocation(root: "evidence", path: name))
  }

  /// What identifies an execution and what it says, without where it was read from.
  static func key(_ execution: TestExecution) -> String {
    [
      execution.id, execution.device ?? "-", execution.os ?? "-", execution.configuration ?? "-",
      execution.arguments ?? "-", execution.outcome.rawValue, execution.message ?? "-",
    ].joined(separator: " | ")
  }

  @Test(.needsSharedCorpus)
  func theXcode26DatabaseGivesWhatXcresulttoolPrintedForIt() throws {
    // fastlane's fixture keeps only the database; its oracle is `get test-results tests` of it,
    // read by the JSON reader: the same executions, outcomes, devices and messages, one by one.
    let reading = Self.read("fastlane-Xcode26-Mixed-XCTest-SwiftTesting.xcresult")
    #expect(reading.problems.isEmpty, "\(reading.problems)")
    let oracle = XCResultReaderTests.read(
      Self.oracles.appendingPathComponent("fastlane/Xcode26-Mixed-XCTest-SwiftTesting.json"))
    #expect(oracle.executions.count > 40)
    let expected = oracle.executions.map(Self.key).sorted()
    let actual = reading.executions.map(Self.key).sorted()
    #expect(actual.count == expected.count)
    for (line, _) in zip(actual, expected).filter({ $0 != $1 }).prefix(5) { Issue.record("differs: \(line)") }
    #expect(actual == expected)
    // The JUnit written with retries lists every attempt: 368 runs, 40 failed, 13 skipped.
    #expect(reading.attempts.count == 368)
    #expect(reading.attempts.filter { $0.outcome == .failed }.count == 40)
    #expect(reading.attempts.filter { $0.outcome == .skipped }.count == 13)
    #expect(reading.runResults == ["Success": 315, "Failure": 40, "Skipped": 13])
    #expect(reading.devices.map(\.device.display) == ["iPhone 17 Pro Max (26.1)"])
    #expect(reading.devices.first?.device.os == "iOS Simulator 26.1 (23B86)")
    #expect(reading.devices.first?.isSimulator == true)
    #expect(reading.incompleteRuns.isEmpty)
  }

  @Test(.needsSharedCorpus)
  func theRepeatedRunGivesItsThreeFailures() throws {
    // xcresultparser's oracle (JUnit): test_repeatTests.test_random() failed, "failed - Failed with
    // number: 51 (test_repeatTests.swift:15)", on "BAZEL_TEST_iPhone 16 Pro_18.2" (iPhone 16 Pro, 18.2).
    let reading = Self.read("xcresultparser-test_repeated.xcresult")
    #expect(reading.problems.isEmpty, "\(reading.problems)")
    #expect(reading.xcodeVersion == nil)
    #expect(reading.attempts.map(\.outcome) == [.failed, .failed, .failed])
    #expect(
      reading.attempts.map(\.message)
        == [51, 61, 25].map { "test_repeatTests.swift:15: failed - Failed with number: \($0)" })
    let executions = reading.executions
    #expect(executions.count == 1)
    let run = try #require(executions.first)
    #expect(run.classname == "test_repeatTests")
    #expect(run.name == "test_random()")
    #expect(run.outcome == .failed)
    #expect(run.device == "iPhone 16 Pro (18.2)")
    #expect(run.os == "iOS Simulator 18.2 (22C150)")
    #expect(run.configuration == "Test Scheme Action")
    #expect(reading.devices.map(\.device.deviceName) == ["BAZEL_TEST_iPhone 16 Pro_18.2"])
    #expect(reading.attachments.isEmpty)
  }

  @Test(.needsSharedCorpus)
  func theXcode12DatabaseGivesItsRunsAndScreenshots() throws {
    // XCResultKit's oracle: 6 test runs (3 failed) on iPhone SE (2nd generation), iOS 14.0, in
    // three test-plan configurations; 18 HEIC screenshots among the attachments.
    let reading = Self.read("xcresultkit-testHEIC.xcresult")
    #expect(reading.problems.isEmpty, "\(reading.problems)")
    #expect(reading.attempts.count == 6)
    #expect(reading.attempts.filter { $0.outcome == .failed }.count == 3)
    #expect(Set(reading.executions.map(\.configuration)) == ["de", "en", "ko"])
    #expect(Set(reading.executions.map(\.device)) == ["iPhone SE (2nd generation) (14.0)"])
    for failure in reading.executions where failure.outcome == .failed {
      #expect(failure.id == "bitrise_screenshot_automationUITests#testTodayWidgetScreenshot()")
      #expect(failure.message == "bitrise_screenshot_automationUITests.swift:52: XCTAssertTrue failed")
    }
    #expect(reading.attachments.count == 96)
    #expect(reading.attachments.filter { $0.uniformType == "public.heic" }.count == 18)
    #expect(reading.attachments.allSatisfy { $0.testIdentifier != nil && $0.configuration != nil })
    // Every attachment's bytes are in the bundle's Data/.
    #expect(reading.attachments.allSatisfy { ($0.payloadSize ?? 0) > 0 })
    let first = try #require(reading.attachments.first)
    #expect(first.testIdentifier == "bitrise_screenshot_automationUITests/testMainViewScreenshot()")
    #expect(first.device == "iPhone SE (2nd generation) (14.0)")
    #expect(first.time?.seconds == 615_600_851 + 978_307_200)
  }

  @Test(.needsSharedCorpus)
  func readingACorpusDatabaseWritesNothingBesideIt() throws {
    let folder = try XCResultDatabaseReaderTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("Run.xcresult")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.bundles.appendingPathComponent("fastlane-Xcode26-Mixed-XCTest-SwiftTesting.xcresult/database.sqlite3"),
      to: copy.appendingPathComponent("database.sqlite3"))
    let reading = XCResultDatabaseReader.read(bundle: copy, location: XCResultDatabaseReaderTests.location)
    #expect(reading.attempts.count == 368)
    #expect(try FileManager.default.contentsOfDirectory(atPath: copy.path) == ["database.sqlite3"])
  }
}
