import Foundation
import Testing
import StateProofModel
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// An auditor a year later with only the release tarball (issue 48): evidence given one level
/// off is found where it is and said so (or named as what may be meant), a tarball given for the
/// report folder says how to unpack it, and a verdict that alone differs is said in a sentence.
@Suite(.temporaryFolders) struct VerifyAuditorTests {
  /// The example's report and bundle, and the bundle unpacked in `unpacked`.
  private struct Setup {
    let folder: URL
    var evidence: String { folder.appendingPathComponent("scanner").path }
    var report: String { folder.appendingPathComponent("report").path }
    var bundle: String { folder.appendingPathComponent("release.tar.gz").path }
    var unpacked: String { folder.appendingPathComponent("unpacked").path }

    init() throws {
      folder = try TestSupport.temporaryFolder()
      try FileManager.default.copyItem(atPath: TestSupport.scannerExample, toPath: evidence)
      let run = TestSupport.run(
        [
          "report", "--attestation", "--generated-at", "2025-11-24T16:00:00Z", "--out", report, "--bundle", bundle,
          evidence,
        ])
      #expect(run.status == 1, "\(run.errors)")
      try FileManager.default.createDirectory(atPath: unpacked, withIntermediateDirectories: true)
      let tar = try TestSupport.runProgram("/usr/bin/env", ["tar", "-xzf", bundle, "-C", unpacked])
      #expect(tar.status == 0, "\(tar.errors)")
    }

    func verify(_ paths: [String]) -> (status: Int32, output: String, errors: String) {
      TestSupport.run(["verify", "--differences", unpacked + "/report"] + paths)
    }

    /// Where the unpacked bundle holds the evidence: `evidence/` and the path the report records.
    var unpackedEvidence: String { unpacked + "/evidence" + evidence }
  }

  @Test(arguments: ["/evidence", ""])
  func aFolderAboveTheEvidenceIsFollowedDownAndSaidSo(given suffix: String) throws {
    let setup = try Setup()
    let given = setup.unpacked + suffix
    let result = setup.verify([given])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.contains("Evidence \(setup.evidence), checked at \(setup.unpackedEvidence):\n"))
    #expect(
      result.output.contains(
        "  (\(given), which was given, holds none of the files the report cites there; \(setup.unpackedEvidence) holds them.)"
      ), "\(result.output)")
    #expect(!result.output.contains("  missing "))
    #expect(result.output.hasSuffix("The report matches its evidence.\n"))
  }

  @Test func aPathOneLevelTooDeepIsFollowedUp() throws {
    let setup = try Setup()
    let result = setup.verify([setup.unpackedEvidence + "/android"])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.contains("checked at \(setup.unpackedEvidence):\n"))
  }

  @Test func aFolderHoldingPartOfTheEvidenceIsADidYouMean() throws {
    let setup = try Setup()
    let other = setup.folder.appendingPathComponent("other")
    try FileManager.default.createDirectory(at: other.appendingPathComponent("copy"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: setup.evidence + "/android", toPath: other.appendingPathComponent("copy/android").path)
    let result = setup.verify([other.path])
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        "  \(other.path) holds none of the files the report cites there, but \(other.path)/copy holds some: did you mean \(other.path)/copy?"
      ), "\(result.output)")
    // Counted on one line, not a flood of every file missing and every file there new.
    #expect(!result.output.contains("  missing     ") && !result.output.contains("  new         "), "\(result.output)")
    let json = TestSupport.run(["verify", "--format", "json", setup.unpacked + "/report", other.path])
    let root = try #require(try JSONDecoder().decode(Verification.self, from: Data(json.output.utf8)).evidence.first)
    let missing = root.files.count { $0.state == .missing }
    let new = root.files.count { $0.state == .new }
    #expect(missing > 0 && new > 0)
    let counted = result.output.split(separator: "\n").filter {
      $0.hasSuffix(": not listed, as the evidence is not there (--format json lists them).")
    }
    #expect(counted.count == 1 && counted[0].contains("\(missing) missing, \(new) new"), "\(result.output)")
  }

  @Test func aFolderHoldingSeveralEvidencePathsPairsEach() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("evidence")
    try FileManager.default.createDirectory(at: evidence, withIntermediateDirectories: true)
    for platform in ["android", "ios"] {
      try FileManager.default.copyItem(
        atPath: TestSupport.scannerExample + "/" + platform, toPath: evidence.appendingPathComponent(platform).path)
    }
    let report = folder.appendingPathComponent("report").path
    let run = TestSupport.run(
      [
        "report", "--config", TestSupport.scannerExample + "/stateproof.json", "--out", report,
        evidence.appendingPathComponent("android").path, evidence.appendingPathComponent("ios").path,
      ])
    #expect(run.status == 1, "\(run.errors)")
    let moved = folder.appendingPathComponent("archive/evidence")
    try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: evidence, to: moved)
    let result = TestSupport.run(["verify", "--differences", report, moved.path])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(
      result.output.contains("checked at \(moved.path)/android:\n  (found inside \(moved.path), which was given.)"))
    #expect(result.output.contains("checked at \(moved.path)/ios:\n  (found inside \(moved.path), which was given.)"))
  }

  @Test func aBundleGivenForTheReportFolderSaysHowToUnpackIt() throws {
    let setup = try Setup()
    let result = TestSupport.run(["verify", setup.bundle])
    #expect(result.status == 2)
    #expect(
      result.errors.contains(
        "\(setup.bundle) is an evidence bundle (report --bundle), not a report folder; unpack it and verify the report folder inside: tar -xzf \(setup.bundle) && stateproof verify report"
      ), "\(result.errors)")
    // Known by its bytes too, whatever it is called.
    let renamed = setup.folder.appendingPathComponent("release-archive").path
    try FileManager.default.copyItem(atPath: setup.bundle, toPath: renamed)
    #expect(TestSupport.run(["verify", renamed]).errors.contains("is an evidence bundle (report --bundle)"))
    // Any other file is still not a folder.
    #expect(TestSupport.run(["verify", setup.evidence + "/stateproof.json"]).errors.contains("is not a folder"))
  }

  @Test func aVerdictThatAloneDiffersIsOneSentence() {
    let verification = Verification(
      reportFolder: "report", reportVersion: "0.1.0", verifierVersion: "0.1.0", reportFiles: [], evidence: [],
      recordedVerdict: .ready, currentVerdict: .notReady, notDecidedBecause: nil)
    let text = VerifyCommand.text(verification, differencesOnly: false)
    #expect(
      text.contains(
        "Decision: would now be Not ready; the report says Ready, yet no row or finding differs: its recorded verdict does not follow from its own rows and findings.\n"
      ), "\(text)")
    #expect(!text.contains(" differ:"))
  }
}
