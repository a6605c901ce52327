import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofKit
@testable import StateProofModel
@testable import StateProofRead
import StateProofDiscover
import StateProofEvidence
import StateProofSystem

/// A result bundle cannot lie past StateProof: nothing inside it is followed or trusted without
/// its own bytes (issue 36).
@Suite(
  .enabled(if: Zstd.isAvailable && SQLiteDatabase.isAvailable, "needs libzstd1 and libsqlite3-0"), .temporaryFolders)
struct XCResultBundleTrustTests {
  /// A copy of the bundle example under a fresh evidence root, and its bundle's folder.
  static func exampleCopy() throws -> (root: URL, bundle: URL) {
    let folder = try TestSupport.temporaryFolder()
    let root = folder.appendingPathComponent("evidence")
    try FileManager.default.copyItem(at: XCResultBundleEvidenceTests.example, to: root)
    return (root, root.appendingPathComponent("ios/Screenshots.xcresult"))
  }

  /// The example bundle's root record id, from its `Info.plist`.
  static func rootID(of bundle: URL) throws -> String {
    let data = try Data(contentsOf: bundle.appendingPathComponent("Info.plist"))
    let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    return try #require((plist["rootId"] as? [String: Any])?["hash"] as? String)
  }

  @Test func aLinkInsideTheBundleMakesItUnreadableNamingTheLink() throws {
    let (root, bundle) = try Self.exampleCopy()
    // The root record moved out of the evidence root, a link left in its place.
    let record = bundle.appendingPathComponent("Data/data." + (try Self.rootID(of: bundle)))
    let outside = root.deletingLastPathComponent().appendingPathComponent("outside-record")
    try FileManager.default.moveItem(at: record, to: outside)
    try FileManager.default.createSymbolicLink(at: record, withDestinationURL: outside)
    let run = try XCResultEvidenceTests.report([root.path], environment: ["PATH": "/nonexistent"])
    let files = XCResultEvidenceTests.files(run.json)
    let listed = try #require(files.first { $0["path"] as? String == "ios/Screenshots.xcresult" })
    #expect(listed["status"] as? String == "unreadable")
    #expect(listed["sha256"] as? String == "")
    let error = listed["error"] as? String ?? ""
    #expect(error.contains("Data/data.0~8P9pR0U7VAe"), "\(error)")
    #expect(error.contains("link"), "\(error)")
    // Nothing from the bundle is read: no attachment listed, no test proving a row.
    #expect(!files.contains { ($0["path"] as? String ?? "").hasPrefix("ios/Screenshots.xcresult/") })
    #expect(XCResultEvidenceTests.rows(run.json, platform: "ios")["ios/camera/authorized"]?.status != "covered")
    let unreadable = XCResultEvidenceTests.findings(run.json).filter { $0["code"] as? String == "unreadable-evidence" }
    #expect(unreadable.contains { ($0["message"] as? String ?? "").contains("ios/Screenshots.xcresult") })
    #expect(run.status != 0)
  }

  @Test(.needsSharedCorpus, .enabled(if: TestSupport.executable("sqlite3") != nil, "needs the sqlite3 command"))
  func aBundleWhoseGraphAndDatabaseDisagreeIsAMismatchNamingTheTests() throws {
    let folder = try TestSupport.temporaryFolder()
    let bundle = folder.appendingPathComponent("Run.xcresult")
    try FileManager.default.copyItem(at: SharedCorpus.url("xcresult-bundles/xcresultkit-testHEIC.xcresult"), to: bundle)
    let edit = try TestSupport.runProgram(
      try #require(TestSupport.executable("sqlite3")),
      [
        bundle.appendingPathComponent("database.sqlite3").path,
        "UPDATE TestCaseRuns SET result = 'Failure' WHERE result = 'Success'",
      ])
    #expect(edit.status == 0, "\(edit.errors)")
    let run = try XCResultEvidenceTests.report([folder.path], formats: "json", environment: ["PATH": "/nonexistent"])
    let mismatch = try #require(
      XCResultEvidenceTests.findings(run.json).first { $0["code"] as? String == "xcresult-mismatch" })
    let message = mismatch["message"] as? String ?? ""
    #expect(message.hasPrefix("Run.xcresult: its object graph (Data/) and its database.sqlite3 give "), "\(message)")
    #expect(message.contains(": passed in the object graph, failed in database.sqlite3"), "\(message)")
    #expect(message.contains("The worse result of each counts"))
  }

  /// Without SQLite (`--no-install-recommends` leaves it out), a bundle holding both stores was
  /// read from its graph alone and the database's failure went unseen: now the bundle is an
  /// `unreadable-evidence` error naming the package, and the report is not ready.
  @Test(.needsSharedCorpus, .enabled(if: TestSupport.executable("sqlite3") != nil, "needs the sqlite3 command"))
  func withoutSQLiteABundleWithADatabaseIsAnErrorNamingThePackage() throws {
    let folder = try TestSupport.temporaryFolder()
    let bundle = folder.appendingPathComponent("Run.xcresult")
    try FileManager.default.copyItem(at: SharedCorpus.url("xcresult-bundles/xcresultkit-testHEIC.xcresult"), to: bundle)
    let edit = try TestSupport.runProgram(
      try #require(TestSupport.executable("sqlite3")),
      [
        bundle.appendingPathComponent("database.sqlite3").path,
        "UPDATE TestCaseRuns SET result = 'Failure' WHERE result = 'Success'",
      ])
    #expect(edit.status == 0, "\(edit.errors)")
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let ended = try TestSupport.spawn(
      ["report", folder.path, "--out", out.path, "--format", "json"],
      environment: ["STATEPROOF_DISABLE_LIBRARIES": "sqlite", "PATH": "/nonexistent"])
    #expect(ended.status == 1, "\(ended.errors)")
    let report = try Report(contentsOf: out.appendingPathComponent("report.json").path)
    let unreadable = report.findings.filter { $0.code == .unreadableEvidence && $0.severity == .error }
    #expect(
      unreadable.contains {
        $0.message.contains("Run.xcresult") && $0.message.contains("database.sqlite3")
          && $0.message.contains("SQLite (libsqlite3-0), which is not installed here")
      }, "\(report.findings.map(\.message))")
    #expect(report.evidence.first { $0.path == "Run.xcresult" }?.status == .unreadable)
    #expect(report.verdict == .notReady)
  }

  @Test func verifyFailsOnAReadFileTheReportCouldNotHash() {
    var merge = VerifiedRoot.Merge(recorded: "e", checkedAt: "e", current: [], indices: [])
    merge.add(FileRecord(root: "e", path: "a.xcresult", kind: .xcresultBundle, bytes: 0, sha256: ""))
    merge.add(FileRecord(root: "e", path: "b.png", kind: .screenshot, bytes: 0, sha256: nil, status: .unreadable))
    let root = merge.finish()
    #expect(root.files.map(\.state) == [.unhashedEvidence, .notHashed])
    #expect(root.differs)
  }
}

/// Bounded, whatever the bundle holds: a zstd bomb among the attachments (issue 36).
@Suite(
  .enabled(if: Zstd.isAvailable && SQLiteDatabase.isAvailable, "needs libzstd1 and libsqlite3-0"),
  .enabled(if: TestSupport.executable("zstd") != nil, "needs the zstd command"), .temporaryFolders)
struct XCResultAttachmentBudgetTests {
  /// The example bundle with its first "Localization screenshot" replaced by `decoded` bytes
  /// starting as a 100×100 PNG, zstd-compressed (a few KiB); the bundle and the attachment's id.
  static func bundleWithBomb(decoded: Int) throws -> (file: DiscoveredFile, id: String) {
    let (root, bundle) = try XCResultBundleTrustTests.exampleCopy()
    let yield = XCResultBundleReader.read(
      bundle: bundle.path, location: EvidenceLocation(root: root.path, path: "ios/Screenshots.xcresult"))
    let id = try #require(yield.attachments.first { $0.name == "Localization screenshot" }?.payloadID)
    let plain = root.deletingLastPathComponent().appendingPathComponent("bomb")
    var bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8))
    bytes += Data([0, 0, 0, 100, 0, 0, 0, 100, 8, 6, 0, 0, 0])
    let crc = CRC32.checksum(Array(bytes[12...]))
    bytes += Data([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> UInt32($0)) })
    bytes += Data(count: decoded - bytes.count)
    try bytes.write(to: plain)
    let data = bundle.appendingPathComponent("Data/data." + id)
    try FileManager.default.removeItem(at: data)
    let zstd = try TestSupport.runProgram(
      try #require(TestSupport.executable("zstd")), ["-q", "-3", plain.path, "-o", data.path])
    #expect(zstd.status == 0, "\(zstd.errors)")
    try FileManager.default.removeItem(at: plain)
    let file = try #require(
      EvidenceCollector.files(paths: [root.path], deferJUnitHashing: false).first { $0.record.kind == .xcresultBundle })
    return (file, id)
  }

  @Test func aBombPastTheBudgetIsLeftOutNamedAndNeverWritten() throws {
    let (file, id) = try Self.bundleWithBomb(decoded: 64 << 20)
    let budget = AttachmentBudget(total: 32 << 20)
    let read = XCResultBundleEvidence.read(file, budget: budget) { _ in true }
    defer { if let folder = read.folder { try? FileManager.default.removeItem(at: folder) } }
    let record = try #require(read.attachmentFiles.first { $0.path.hasSuffix(id) })
    #expect(record.status == .unreadable)
    #expect(record.sha256 == nil)
    #expect(
      record.error?.description.contains("budget of 33554432 bytes of decoded attachments") == true,
      "\(record.error?.description ?? "")")
    // Nothing over the budget was written: the temporary folder holds less than it.
    let written =
      try read.folder.map { folder in
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey])
          .reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
      } ?? 0
    #expect(written <= 32 << 20)
    #expect(!read.set.screenshots.contains { $0.location.path.hasSuffix(id) })
  }

  @Test func theBudgetIsAnOptionRecordedInTheReportAndWhatItLeftOutIsAFinding() throws {
    let (file, id) = try Self.bundleWithBomb(decoded: 64 << 20)
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let result = TestSupport.run(
      ["report", "--out", out.path, "--format", "json", "--max-attachment-bytes", "33554432", file.record.root],
      environment: ["PATH": "/nonexistent"])
    #expect(result.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let options = (json["provenance"] as? [String: Any])?["options"] as? [String: Any]
    #expect(options?["maxAttachmentBytes"] as? Int == 33_554_432)
    let finding = XCResultEvidenceTests.findings(json).first {
      $0["code"] as? String == "unreadable-evidence" && ($0["message"] as? String ?? "").contains(id)
    }
    #expect((finding?["message"] as? String ?? "").contains("budget of 33554432 bytes"))
    #expect(TestSupport.run(["report", "--max-attachment-bytes", "lots", file.record.root]).status == 2)
  }

  @Test func anImageTooBigForItsDeclaredSizeIsNoScreenshot() throws {
    let (file, id) = try Self.bundleWithBomb(decoded: 64 << 20)
    let read = XCResultBundleEvidence.read(file) { _ in true }
    defer { if let folder = read.folder { try? FileManager.default.removeItem(at: folder) } }
    let record = try #require(read.attachmentFiles.first { $0.path.hasSuffix(id) })
    #expect(record.status == .ignored, "\(record.error?.description ?? "")")
    #expect(
      record.error?.description.contains("declares a png image of 100×100 pixels, which cannot take 67108864 bytes")
        == true,
      "\(record.error?.description ?? "")")
    #expect(!read.set.screenshots.contains { $0.location.path.hasSuffix(id) })
    #expect(!read.images.values.contains { $0.lastPathComponent == id })
    // Its decoded copy was removed at once.
    if let folder = read.folder {
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(id).path))
    }
  }
}
