import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@_spi(CLI) @testable import StateProofKit
@testable import StateProofModel
@testable import StateProofRead

/// `report --bundle` on evidence holding an `.xcresult` (the shipped `examples/bundle`): the
/// result bundle is packed whole and raw, the archive is reproducible and verifies unpacked, and
/// a bundle file that changed after the report read it still stops the bundle.
@Suite(.enabled(if: XCResultBundleReader.isAvailable, "needs libzstd"), .temporaryFolders)
struct ResultBundleInEvidenceBundleTests {
  static let example = TestSupport.repositoryRoot.appendingPathComponent("examples/bundle").path
  static let resultBundle = "ios/Screenshots.xcresult"
  /// No `xcrun`: the bundle is read by StateProof's own reader, on a Mac too.
  static let environment = ["PATH": "/nonexistent"]

  /// Runs `report`; `index.html` (with each HEIC's PNG, decoded at some cost) only when `html`.
  static func report(_ evidence: String, out: String, bundle: String? = nil, html: Bool = false)
    -> (status: Int32, errors: String)
  {
    let run = TestSupport.run(
      ["report", "--attestation", "--generated-at", "2025-11-24T16:00:00Z", "--quiet", "--out", out]
        + (html ? [] : ["--format", "json,md"]) + (bundle.map { ["--bundle", $0] } ?? []) + [evidence],
      environment: environment)
    return (run.status, run.errors)
  }

  /// Unpacks `bundle` into a fresh folder.
  static func unpack(_ bundle: String) throws -> URL {
    let folder = try TestSupport.temporaryFolder()
    let tar = try TestSupport.runProgram("/usr/bin/env", ["tar", "-xzf", bundle, "-C", folder.path])
    #expect(tar.status == 0, "\(tar.errors)")
    return folder
  }

  /// Every regular file under `folder`, by its path relative to it, with its bytes.
  static func files(under folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
    while let path = enumerator.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
        files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
      }
    }
    return files
  }

  @Test func theResultBundleIsPackedWholeAndTheArchiveVerifiesUnpacked() throws {
    let folder = try TestSupport.temporaryFolder()
    let (first, second) = (folder.appendingPathComponent("one.tar.gz").path, folder.appendingPathComponent("two.tar.gz").path)
    let run = Self.report(Self.example, out: folder.appendingPathComponent("report").path, bundle: first, html: true)
    #expect(run.status == 1, "\(run.errors)")
    let again = Self.report(
      Self.example, out: folder.appendingPathComponent("again").path, bundle: second, html: true)
    #expect(again.status == 1, "\(again.errors)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))

    // The bundle's files among the rest, every entry once, in the order of its name's bytes.
    let names = try TestSupport.runProgram("/usr/bin/env", ["tar", "-tzf", first]).output.split(separator: "\n")
      .map { Array($0.utf8.reversed().drop { $0 == UInt8(ascii: "/") }.reversed()) }
    #expect(zip(names, names.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
    let unpacked = try Self.unpack(first)
    let evidence = unpacked.appendingPathComponent("evidence").path + Self.example
    let original = try Self.files(under: Self.example + "/" + Self.resultBundle)
    #expect(original.keys.contains("Info.plist") && original.count > 100)
    #expect(try Self.files(under: evidence + "/" + Self.resultBundle) == original, "every file, byte for byte")

    let verified = TestSupport.run(
      ["verify", unpacked.appendingPathComponent("report").path, evidence], environment: Self.environment)
    #expect(verified.status == 0, "\(verified.output)\(verified.errors)")
    #expect(verified.output.contains("The report matches its evidence."))
    // The bundle's attachments were read again from the unpacked bundle and match.
    let attachments = verified.output.split(separator: "\n").filter { $0.contains(Self.resultBundle + "/Data/data.") }
    #expect(attachments.count > 40)
    #expect(attachments.allSatisfy { $0.hasPrefix("  unchanged") }, "\(attachments)")
  }

  @Test func aResultBundleGivenAsTheEvidencePathUnpacksAsItself() throws {
    let folder = try TestSupport.temporaryFolder()
    let bundle = folder.appendingPathComponent("b.tar.gz").path
    let path = Self.example + "/" + Self.resultBundle
    let run = Self.report(path, out: folder.appendingPathComponent("report").path, bundle: bundle)
    #expect(run.status == 1, "\(run.errors)")
    let unpacked = try Self.unpack(bundle)
    let evidence = unpacked.appendingPathComponent("evidence").path + path
    #expect(FileManager.default.fileExists(atPath: evidence + "/Info.plist"))
    let verified = TestSupport.run(
      ["verify", unpacked.appendingPathComponent("report").path, evidence], environment: Self.environment)
    #expect(verified.status == 0, "\(verified.output)\(verified.errors)")
  }

  /// Between the report and the packing (``EvidenceBundle/write(to:reportFolder:reportFiles:evidence:time:)``
  /// given the report's own evidence list): an attachment replaced by another is caught by its
  /// decoded content and abandons the bundle; a file the report recorded no hash for is packed,
  /// and `verify` of the unpacked bundle catches it.
  @Test func aResultBundleFileChangedSinceTheReportStopsTheBundleOrFailsVerify() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("evidence").path
    try FileManager.default.copyItem(atPath: Self.example, toPath: evidence)
    let report = folder.appendingPathComponent("report").path
    #expect(Self.report(evidence, out: report).status == 1)
    let recorded = try Report.hashed(contentsOf: report + "/report.json").report.evidence
    let write = { (name: String) throws(StateProofError) in
      try EvidenceBundle.write(
        to: folder.appendingPathComponent(name).path, reportFolder: report, reportFiles: [:], evidence: recorded, time: 0)
    }
    try write("untouched.tar.gz")

    // An attachment replaced by another attachment's bytes (a valid zstd frame too).
    let shots = recorded.filter { $0.kind == .screenshot && $0.status == .read && $0.path.hasPrefix(Self.resultBundle) }
    #expect(shots.count >= 2)
    let (target, other) = (evidence + "/" + shots[0].path, evidence + "/" + shots[1].path)
    let saved = try Data(contentsOf: URL(fileURLWithPath: target))
    try Data(contentsOf: URL(fileURLWithPath: other)).write(to: URL(fileURLWithPath: target))
    #expect {
      try write("changed.tar.gz")
    } throws: { error in
      let message = "\(error)"
      return message.contains("cannot read \(target) into the archive: it changed since the report read it")
        && message.contains("SHA-256 \(shots[0].sha256!) of its decoded content") && message.contains("abandoned")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("changed.tar.gz").path))
    try saved.write(to: URL(fileURLWithPath: target))

    // Info.plist, which the report hashes nothing of, emptied: packed, then caught by verify.
    try Data().write(to: URL(fileURLWithPath: evidence + "/" + Self.resultBundle + "/Info.plist"))
    try write("plist.tar.gz")
    let unpacked = try Self.unpack(folder.appendingPathComponent("plist.tar.gz").path)
    let verified = TestSupport.run(
      ["verify", report, unpacked.appendingPathComponent("evidence").path + evidence], environment: Self.environment)
    #expect(verified.status == 1, "\(verified.output)\(verified.errors)")
  }

  /// A link inside a result bundle may lead outside the evidence, and packing around it would
  /// change what the bundle reads as: the bundle is refused, naming it.
  @Test func aLinkInsideAResultBundleIsRefused() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("evidence").path
    try FileManager.default.copyItem(atPath: Self.example, toPath: evidence)
    let link = evidence + "/" + Self.resultBundle + "/Data/outside"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/hostname")
    let bundle = folder.appendingPathComponent("b.tar.gz").path
    let run = Self.report(evidence, out: folder.appendingPathComponent("report").path, bundle: bundle)
    #expect(run.status == 2)
    #expect(run.errors.contains("cannot pack \(link): it is a link"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: bundle))
  }
}
