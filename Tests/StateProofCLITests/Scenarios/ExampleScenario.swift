import Foundation
import Testing

@testable import StateProofCLI
@testable import StateProofKit
import StateProofMatch
@testable import StateProofModel

/// A copy of the shipped example in a temporary folder, made complete (the iOS receipt and the
/// `restricted` screenshot added), so tests can take one piece of evidence away at a time.
struct ExampleScenario {
  let root: URL

  static let iosReceipt = """
    <?xml version="1.0" encoding="UTF-8"?>
    <testsuites tests="1" failures="0">
      <testsuite name="ScannerUITests.xctest" tests="1" failures="0">
        <properties>
          <property name="device" value="iPhone 16 (18.6)"/>
        </properties>
        <testcase name="testFirstScanShowsSystemPromptWithOurPurpose()" time="11.2" classname="CameraPromptReceiptTests"/>
      </testsuite>
    </testsuites>

    """

  /// The complete example: every reachable row covered and both receipts passed.
  static func complete() throws -> ExampleScenario {
    let root = try TestSupport.temporaryFolder().appendingPathComponent("scanner")
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: TestSupport.scannerExample), to: root)
    let scenario = ExampleScenario(root: root)
    try scenario.write("ios/junit/CameraPromptReceiptTests.junit.xml", iosReceipt)
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("ios/screenshots/ios-camera-denied.png"),
      to: root.appendingPathComponent("ios/screenshots/ios-camera-restricted.png"))
    return scenario
  }

  func url(_ path: String) -> URL { root.appendingPathComponent(path) }

  func write(_ path: String, _ text: String) throws {
    try FileManager.default.createDirectory(
      at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url(path))
  }

  func remove(_ path: String) throws { try FileManager.default.removeItem(at: url(path)) }

  func read(_ path: String) throws -> String { try String(contentsOf: url(path), encoding: .utf8) }

  /// Every file under the example with the given extension, as paths relative to the root.
  func files(endingIn suffix: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(suffix) }.sorted()
  }

  /// Runs `report` over the scenario and returns the exit status and the decoded report. Only
  /// `report.json` is read back, so only it is written unless `extra` names the formats.
  func report(_ extra: [String] = []) throws -> (status: Int32, report: BaselineReport, json: [String: Any]) {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let formats = extra.contains("--format") ? [] : ["--format", "json"]
    let result = TestSupport.run(["report", "--out", out.path] + formats + extra + [root.path])
    let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return (result.status, try JSONDecoder().decode(BaselineReport.self, from: data), json)
  }
}

extension BaselineReport {
  func status(_ row: String) -> RowStatus? {
    platforms.flatMap(\.rows).first { $0.id == row }?.status
  }

  func codes(on row: String) -> Set<String> {
    Set(findings.filter { $0.row?.description == row }.map(\.code.rawValue))
  }

  func codes(platform: String) -> Set<String> {
    Set(findings.filter { $0.platform?.rawValue == platform && $0.row == nil }.map(\.code.rawValue))
  }
}
