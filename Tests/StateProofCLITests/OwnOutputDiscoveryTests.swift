import Foundation
import StateProofDiscover
import StateProofModel
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// A report never proves itself: StateProof's own output lying among the evidence (a downloaded
/// baseline, an earlier run's folder) is listed as skipped, never read.
@Suite(.temporaryFolders) struct OwnOutputDiscoveryTests {
  private let manager = FileManager.default

  /// The example with every test result (JUnit XML, xcresulttool's tests JSON) removed, and an earlier report of the full example
  /// inside it, once as StateProof wrote it (with its marker) and once as an artifact download
  /// leaves it (hidden files dropped, so no marker).
  private func evidenceWithEarlierReports() throws -> URL {
    let folder = try TestSupport.temporaryFolder()
    let previous = folder.appendingPathComponent("previous")
    #expect(TestSupport.run(["report", "--out", previous.path, TestSupport.scannerExample]).status == 1)
    let evidence = folder.appendingPathComponent("evidence")
    try manager.copyItem(atPath: TestSupport.scannerExample, toPath: evidence.path)
    let walker = try #require(manager.enumerator(atPath: evidence.path))
    for case let path as String in walker where path.hasSuffix(".xml") || path.hasSuffix("tests.json") {
      try manager.removeItem(at: evidence.appendingPathComponent(path))
    }
    try manager.copyItem(at: previous, to: evidence.appendingPathComponent("marked"))
    let downloaded = evidence.appendingPathComponent("downloaded/stateproof-report")
    try manager.createDirectory(at: downloaded.deletingLastPathComponent(), withIntermediateDirectories: true)
    try manager.copyItem(at: previous, to: downloaded)
    try manager.removeItem(at: downloaded.appendingPathComponent(ReportMarker.fileName))
    return evidence
  }

  @Test func earlierReportsInsideEvidenceProveNothingAndAreListed() throws {
    let evidence = try evidenceWithEarlierReports()
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    let result = TestSupport.run(["report", "--out", out.path, evidence.path])
    #expect(result.status == 1)
    let report = try JSONDecoder().decode(
      Report.self, from: Data(contentsOf: out.appendingPathComponent("report.json")))

    // No test result is left, so no row is covered; the earlier reports' junit.xml proves nothing.
    let rows = report.platforms.flatMap(\.rows)
    #expect(rows.filter { $0.status == .covered }.map(\.id.description) == [])
    #expect(report.platforms.allSatisfy { $0.receipt.status == .missing })
    let used = rows.flatMap(\.evidence).map(\.path) + report.platforms.flatMap(\.receipt.evidence).map(\.path)
    #expect(!used.contains { $0.hasPrefix("marked/") || $0.hasPrefix("downloaded/") })

    let inventory = Dictionary(uniqueKeysWithValues: report.evidence.map { ($0.path, $0) })
    for path in [
      "marked/junit.xml", "marked/report.json", "marked/index.html", "marked/\(ReportMarker.fileName)",
      "downloaded/stateproof-report/junit.xml", "downloaded/stateproof-report/report.json",
    ] {
      let entry = try #require(inventory[path], "\(path) is not listed")
      #expect(entry.kind == .stateproofReport, "\(path)")
      #expect(entry.status == .ignored, "\(path)")
      guard case .notEvidence(let reason)? = entry.error else {
        Issue.record("\(path): \(String(describing: entry.error)) gives no reason it is not evidence")
        continue
      }
      #expect(reason.contains("StateProof"), "\(path): \(reason)")
    }
    let assets = report.evidence.filter { $0.path.hasPrefix("downloaded/stateproof-report/assets/") }
    #expect(!assets.isEmpty)
    #expect(assets.allSatisfy { $0.kind == .stateproofReport && $0.status == .ignored })
    // The copies are not screenshots no row claims.
    #expect(!report.findings.contains { $0.code == .unmatchedEvidence && $0.message.contains("downloaded/") })
  }

  @Test func aJUnitFileMerelyNamedLikeStateProofIsStillRead() throws {
    let folder = try TestSupport.temporaryFolder()
    let junit = folder.appendingPathComponent("TEST-StateProofSelfTests.xml")
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="StateProofSelfTests" tests="1" failures="0" errors="0">
        <testsuite name="Camera" tests="1"><testcase classname="com.example.CameraStateTest" name="blockedCameraShowsSettings"/></testsuite>
      </testsuites>
      """.utf8
    ).write(to: junit)
    let files = EvidenceDiscovery.discover(roots: [folder.path])
    #expect(files.map(\.record.kind) == [.junit])
  }
}
