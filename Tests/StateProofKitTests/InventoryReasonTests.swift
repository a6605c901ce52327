import Foundation
import StateProofMatch
import StateProofModel
import Testing
import StateProofTestSupport

@testable import StateProofKit

/// Every file that proves nothing says why in the inventory: fastlane's lane report, XML of other
/// tools, a `manifest.json` that is not Xcode's, and every file whose kind is `other`.
@Suite(.temporaryFolders) struct InventoryReasonTests {
  static let lanes = """
    <?xml version="1.0" encoding="UTF-8"?>
    <testsuites>
      <testsuite name="fastlane.lanes">
          <testcase classname="fastlane.lanes" name="0: default_platform" time="0.0007">
          </testcase>
          <testcase classname="fastlane.lanes" name="1: scan" time="212.4">
          </testcase>
      </testsuite>
    </testsuites>
    """

  @Test func everyFileThatProvesNothingSaysWhy() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files: [String: [UInt8]] = [
      "fastlane/test_output/report.xml": Array(Self.lanes.utf8),
      "app/build/reports/lint-results-debug.xml": Array(
        #"<?xml version="1.0" encoding="UTF-8"?>\#n<issues format="6" by="lint 8.7.2">\#n</issues>\#n"#.utf8),
      "attachments/manifest.json": Array(#"[{"name": "login", "path": "shots/login.png"}]"#.utf8),
      "results/summary.json": Array(#"{"tests": 3}"#.utf8),
      "shard_0/NexusLowRes-28-en-portrait/logcat": Array("11-30 10:02:11.000  1234  1234 I TestRunner: started\n".utf8),
      "shard_0/NexusLowRes-28-en-portrait/video.mp4": [
        0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6D, 0x70, 0x34, 0x32, 0, 0xFF,
      ],
      "notes.txt": Array("remember to run the receipt\n".utf8),
      "config/other.json": Array(#"{"threshold": 3}"#.utf8),
      "empty.bin": [],
    ]
    for (path, bytes) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }
    let collected = EvidenceCollector.collect(
      paths: [folder.path], matcher: try CoverageMatcher(configuration: Configuration(), today: "2026-11-30"))
    let records = Dictionary(uniqueKeysWithValues: collected.evidence.files.map { ($0.path, $0) })
    #expect(records.count == files.count)
    for record in records.values {
      #expect(record.status == .ignored, "\(record.path)")
      #expect(record.error?.description.isEmpty == false, "\(record.path) says nothing")
    }
    #expect(collected.evidence.tests.isEmpty)
    let lanes = try #require(records["fastlane/test_output/report.xml"])
    #expect(lanes.kind == .junit && lanes.format == "fastlane-lanes")
    #expect(records["app/build/reports/lint-results-debug.xml"]?.kind == .other)
    #expect(records["app/build/reports/lint-results-debug.xml"]?.error?.description.contains("Android Lint") == true)
    #expect(records["attachments/manifest.json"]?.kind == .other)
    #expect(
      records["attachments/manifest.json"]?.error?.description.contains("not xcresulttool's attachments manifest")
        == true)
    #expect(records["results/summary.json"]?.error?.description.contains("xcresulttool") == true)
    #expect(
      records["shard_0/NexusLowRes-28-en-portrait/logcat"]?.error?.description.hasPrefix("a logcat capture") == true)
    #expect(
      records["shard_0/NexusLowRes-28-en-portrait/video.mp4"]?.error?.description.hasPrefix("binary data (.mp4)")
        == true)
    #expect(records["notes.txt"]?.error?.description.hasPrefix("text with no dumpsys permission line") == true)
    #expect(records["config/other.json"]?.error?.description.hasPrefix("JSON in none of the shapes") == true)
    #expect(records["empty.bin"]?.error?.description.hasPrefix("an empty file") == true)
    // Test Lab's screen recording shares HEIF's `ftyp` box but is no screenshot.
    #expect(records["shard_0/NexusLowRes-28-en-portrait/video.mp4"]?.kind == .other)
    #expect(collected.evidence.screenshots.isEmpty)
  }
}
