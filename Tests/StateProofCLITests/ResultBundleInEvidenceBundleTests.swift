import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofDiscover
@_spi(CLI) @testable import StateProofKit
@testable import StateProofModel
@testable import StateProofRead

/// `report --bundle` on evidence holding an `.xcresult` (the shipped `examples/bundle`): the
/// result bundle is packed whole and raw, the archive is reproducible and verifies unpacked, and
/// a bundle file that changed after the report read it stops the bundle (the bundle's tree digest).
@Suite(
  .enabled(if: Zstd.isAvailable && SQLiteDatabase.isAvailable, "needs libzstd1 and libsqlite3-0"), .temporaryFolders)
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
      if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
      {
        files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
      }
    }
    return files
  }

  @Test func theResultBundleIsPackedWholeAndTheArchiveVerifiesUnpacked() throws {
    let folder = try TestSupport.temporaryFolder()
    let (first, second) = (
      folder.appendingPathComponent("one.tar.gz").path, folder.appendingPathComponent("two.tar.gz").path
    )
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
    // The result bundle itself, by its tree's digest.
    #expect(
      verified.output.split(separator: "\n").contains { $0.hasPrefix("  unchanged") && $0.hasSuffix(Self.resultBundle) }
    )
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
  /// given the report's own evidence list): any file of the result bundle changed, an attachment
  /// or one the report hashes nothing of, no longer has the tree's digest the report recorded, so
  /// the bundle is abandoned naming the result bundle, and `verify` of the folder says it changed.
  @Test(arguments: ["attachment", "Info.plist"])
  func aResultBundleFileChangedSinceTheReportStopsTheBundle(_ changed: String) throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("evidence").path
    try FileManager.default.copyItem(atPath: Self.example, toPath: evidence)
    let report = folder.appendingPathComponent("report").path
    #expect(Self.report(evidence, out: report).status == 1)
    let recorded = try Report.hashed(contentsOf: report + "/report.json").report.evidence
    let write = { (name: String) throws(StateProofError) in
      try EvidenceBundle.write(
        to: folder.appendingPathComponent(name).path, reportFolder: report, reportFiles: [:], evidence: recorded,
        time: 0)
    }
    try write("untouched.tar.gz")
    let record = try #require(recorded.first { $0.kind == .xcresultBundle })
    let tree = try #require(record.sha256)

    if changed == "attachment" {
      // Replaced by another attachment's bytes (a valid zstd frame too).
      let shots = recorded.filter {
        $0.kind == .screenshot && $0.status == .read && $0.path.hasPrefix(Self.resultBundle)
      }
      #expect(shots.count >= 2)
      try Data(contentsOf: URL(fileURLWithPath: evidence + "/" + shots[1].path))
        .write(to: URL(fileURLWithPath: evidence + "/" + shots[0].path))
    } else {
      try Data().write(to: URL(fileURLWithPath: evidence + "/" + Self.resultBundle + "/Info.plist"))
    }
    #expect {
      try write("changed.tar.gz")
    } throws: { error in
      let message = "\(error)"
      return message.contains("cannot read \(evidence)/\(Self.resultBundle) into the archive: its files changed")
        && message.contains("SHA-256 \(tree) of its tree then") && message.contains("abandoned")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("changed.tar.gz").path))
    let verified = TestSupport.run(["verify", report, evidence], environment: Self.environment)
    #expect(verified.status == 1, "\(verified.output)\(verified.errors)")
    #expect(
      verified.output.contains("  changed     \(Self.resultBundle) (SHA-256 \(tree.prefix(12))"), "\(verified.output)")
  }

  /// The bundle's record carries its tree's digest, which `sha256sum` gives from the shell.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum"), "needs GNU sha256sum"))
  func theTreeDigestIsWhatSha256sumGives() throws {
    let bundle = Self.example + "/" + Self.resultBundle
    guard case .success(let tree) = ResultBundleTree.digest(of: bundle) else {
      Issue.record("no digest for \(bundle)")
      return
    }
    let shell = try TestSupport.runProgram(
      "/bin/sh",
      [
        "-c", "cd \"$0\" && find . -type f -printf '%P\\n' | LC_ALL=C sort | xargs -d '\\n' sha256sum | sha256sum",
        bundle,
      ])
    #expect(shell.output == tree.sha256 + "  -\n")
    let sizes = try Self.files(under: bundle).values.reduce(0) { $0 + $1.count }
    #expect(tree.bytes == sizes)
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
