import Foundation
import StateProofModel
import Testing

@testable import StateProofRead

/// Reads the real result bundles of `<repo>/../shared/corpus/xcresult-bundles` and compares each
/// with what macOS tools made from it (its oracle): executions, outcomes, device, failure messages.
@Suite struct XCResultBundleCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/xcresult-bundles")
  static let corpusExists = FileManager.default.fileExists(atPath: corpus.path)

  static func read(_ name: String) -> XCResultBundleYield {
    XCResultBundleReader.read(
      bundle: corpus.appendingPathComponent(name).path, location: EvidenceLocation(root: "corpus", path: name))
  }

  /// `Suite#name outcome [device] (message)`, one line per folded execution, sorted.
  static func lines(_ yield: XCResultBundleYield) -> [String] {
    yield.executions.map { test in
      var line = "\(test.classname)#\(test.name)"
      if let arguments = test.arguments { line += " [\(arguments)]" }
      if let configuration = test.configuration { line += " {\(configuration)}" }
      line += " \(test.outcome.rawValue)"
      if let message = test.message { line += " (\(message))" }
      return line
    }.sorted()
  }

  @Test(.enabled(if: corpusExists, "needs ../shared/corpus/xcresult-bundles"))
  func dump() {
    for name in ["fastlane-Test.test_result.xcresult", "peekie-SPM-26.1.1-iOS.xcresult", "xcresultparser-test_repeated.xcresult", "xcresultkit-testHEIC.xcresult", "fastlane-Xcode26-Mixed-XCTest-SwiftTesting.xcresult"] {
      let yield = Self.read(name)
      print("== \(name) \(yield.formatVersion ?? "-") xcode \(yield.xcodeVersion ?? "-") devices \(yield.devices.compactMap(\.display)) \(yield.devices.compactMap(\.os))")
      for line in Self.lines(yield) { print("  " + line) }
      print("  attachments \(yield.attachments.count) incomplete \(yield.incompleteRuns.map(\.cause)) problems \(yield.problems.map(\.message))")
    }
  }
}
