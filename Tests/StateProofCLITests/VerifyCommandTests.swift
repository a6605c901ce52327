import Foundation
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `stateproof verify` on a copy of the example: untouched it passes; each kind of tampering is
/// caught and named; a bundle is reproducible and verifies after unpacking.
@Suite(.temporaryFolders) struct VerifyCommandTests {
  /// A copy of the example and its report (with an attestation), in a fresh folder.
  private struct Setup {
    var folder: URL
    var evidence: String { folder.appendingPathComponent("scanner").path }
    var report: String { folder.appendingPathComponent("report").path }

    init(bundle: String? = nil) throws {
      folder = try TestSupport.temporaryFolder()
      try FileManager.default.copyItem(
        atPath: TestSupport.scannerExample, toPath: folder.appendingPathComponent("scanner").path)
      let run = TestSupport.run(
        ["report", "--attestation", "--generated-at", "2025-11-24T16:00:00Z", "--out", report, evidence]
          + (bundle.map { ["--bundle", folder.appendingPathComponent($0).path] } ?? []))
      #expect(run.status == 1, "\(run.errors)")
    }

    func verify(_ extra: [String] = []) -> (status: Int32, output: String, errors: String) {
      TestSupport.run(["verify", report] + extra)
    }

    /// The line `verify` printed for `path`, or "" when none.
    func line(_ output: String, _ path: String) -> String {
      output.split(separator: "\n").first { $0.hasSuffix(" " + path) || $0.contains(" \(path) (") }.map(String.init)
        ?? ""
    }
  }

  @Test func anUntouchedReportVerifies() throws {
    let setup = try Setup()
    let result = setup.verify()
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.contains("Decision: Not ready, as recorded"))
    #expect(result.output.contains("The report matches its evidence."))
    #expect(setup.line(result.output, "android/seed/seed-camera-granted.log").hasPrefix("  unchanged"))
    #expect(setup.line(result.output, "index.html").hasPrefix("  unchanged"))
    // Given as the report records it, it is the same.
    #expect(setup.verify([setup.evidence]).status == 0)
  }

  @Test func oneByteChangedInAScreenshotIsNamed() throws {
    let setup = try Setup()
    let path = "ios/screenshots/ios-camera-denied.png"
    let url = URL(fileURLWithPath: setup.evidence + "/" + path)
    var bytes = try Data(contentsOf: url)
    bytes[bytes.count - 5] ^= 0x01
    try bytes.write(to: url)
    let result = setup.verify(["--differences"])
    #expect(result.status == 1)
    #expect(setup.line(result.output, path).hasPrefix("  changed"), "\(result.output)")
    #expect(!result.output.contains("unchanged "), "--differences lists only what differs")
  }

  @Test func aDeletedSeedLogIsMissing() throws {
    let setup = try Setup()
    let path = "android/seed/seed-camera-granted.log"
    try FileManager.default.removeItem(atPath: setup.evidence + "/" + path)
    let result = setup.verify()
    #expect(result.status == 1)
    #expect(setup.line(result.output, path).hasPrefix("  missing"), "\(result.output)")
    // Without its seed line the row is no longer covered: the decision differs too.
    #expect(result.output.contains("row android/camera/granted: covered then"), "\(result.output)")
  }

  @Test func aNewJUnitFileIsNew() throws {
    let setup = try Setup()
    let path = "ios/junit/TEST-extra.xml"
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuite name="Extra" tests="1" failures="0" errors="0" skipped="0" time="0.1">
        <testcase classname="ExtraTests" name="testNothing" time="0.1"/>
      </testsuite>
      """.utf8
    ).write(to: URL(fileURLWithPath: setup.evidence + "/" + path))
    let result = setup.verify()
    #expect(result.status == 1)
    #expect(setup.line(result.output, path).hasPrefix("  new"), "\(result.output)")
  }

  @Test func anEditedIndexHTMLIsChangedEvenWhenSHA256SUMSIsRewritten() throws {
    let setup = try Setup()
    let index = URL(fileURLWithPath: setup.report + "/index.html")
    let edited = try String(contentsOf: index, encoding: .utf8).replacingOccurrences(of: "Not ready", with: "Ready")
    try Data(edited.utf8).write(to: index)
    var result = setup.verify()
    #expect(result.status == 1)
    #expect(setup.line(result.output, "index.html").hasPrefix("  changed"), "\(result.output)")
    // SHA256SUMS made to match the edit: the attestation's subject still tells.
    let sums = URL(fileURLWithPath: setup.report + "/SHA256SUMS")
    let digest = try #require(SHA256.hex(of: Data(edited.utf8)))
    let lines = try String(contentsOf: sums, encoding: .utf8).split(separator: "\n").map {
      $0.hasSuffix("  index.html") ? "\(digest)  index.html" : String($0)
    }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: sums)
    result = setup.verify()
    #expect(result.status == 1)
    #expect(setup.line(result.output, "index.html").hasPrefix("  changed"), "\(result.output)")
  }

  @Test func aFileAddedToTheReportFolderIsNewAndAUsersNoteIsNot() throws {
    let setup = try Setup()
    try Data("x".utf8).write(to: URL(fileURLWithPath: setup.report + "/notes.txt"))
    #expect(setup.verify().status == 0)
    try Data("<p>Ready</p>".utf8).write(to: URL(fileURLWithPath: setup.report + "/report.md.bak"))
    try Data("fake".utf8).write(
      to: URL(fileURLWithPath: setup.report + "/assets/" + String(repeating: "0", count: 64) + ".png"))
    let result = setup.verify()
    #expect(result.status == 1)
    #expect(setup.line(result.output, "assets/" + String(repeating: "0", count: 64) + ".png").hasPrefix("  new"))
  }

  @Test func theDecisionIsMadeAgainWithTheRecordedBuildTime() throws {
    // Built six days after the evidence, outside the example's 48 h window: every row is stale.
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("scanner").path
    try FileManager.default.copyItem(atPath: TestSupport.scannerExample, toPath: evidence)
    let report = folder.appendingPathComponent("report").path
    let run = TestSupport.run(["report", "--built-at", "2025-11-30T12:00:00Z", "--out", report, evidence])
    #expect(run.status == 1, "\(run.errors)")
    let json = try String(contentsOfFile: report + "/report.json", encoding: .utf8)
    #expect(json.contains("stale-evidence"))
    // Decided again with the same --built-at, the same rows and findings follow.
    let result = TestSupport.run(["verify", report])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("as recorded"))
  }

  @Test func usageErrorsExitTwo() throws {
    let setup = try Setup()
    let empty = try TestSupport.temporaryFolder()
    #expect(TestSupport.run(["verify", empty.path]).status == 2)
    #expect(TestSupport.run(["verify"]).status == 2)
    let elsewhere = try TestSupport.temporaryFolder()
    let result = setup.verify([elsewhere.path, empty.path])
    #expect(result.status == 2)
    #expect(result.errors.contains("none of the report's evidence paths"), "\(result.errors)")
    // A path that is not there is named as such, nothing decided.
    let absent = setup.verify(["/nowhere/a"])
    #expect(absent.status == 2)
    #expect(absent.errors.contains("/nowhere/a: no such file or folder"), "\(absent.errors)")
    #expect(setup.verify(["--format", "yaml"]).status == 2)
  }

  @Test func jsonGivesTheWholeResult() throws {
    let setup = try Setup()
    try FileManager.default.removeItem(atPath: setup.evidence + "/android/seed/seed-camera-blocked.log")
    let result = setup.verify(["--format", "json"])
    #expect(result.status == 1)
    let verification = try JSONDecoder().decode(Verification.self, from: Data(result.output.utf8))
    #expect(verification.recordedVerdict == .notReady)
    #expect(verification.evidence.flatMap(\.files).count { $0.state == .missing } == 1)
    #expect(verification.differs)
  }

  @Test func theBundleIsReproducibleAndVerifiesUnpacked() throws {
    let setup = try Setup(bundle: "release.tar.gz")
    let first = try Data(contentsOf: setup.folder.appendingPathComponent("release.tar.gz"))
    // Again, into the same folders: an earlier bundle is replaced, byte for byte the same.
    let again = TestSupport.run(
      [
        "report", "--attestation", "--generated-at", "2025-11-24T16:00:00Z", "--out", setup.report,
        "--bundle", setup.folder.appendingPathComponent("release.tar.gz").path, setup.evidence,
      ])
    #expect(again.status == 1, "\(again.errors)")
    #expect(try Data(contentsOf: setup.folder.appendingPathComponent("release.tar.gz")) == first)
    let unpacked = try TestSupport.temporaryFolder()
    let tar = try TestSupport.runProgram(
      "/usr/bin/env", ["tar", "-xzf", setup.folder.appendingPathComponent("release.tar.gz").path, "-C", unpacked.path])
    #expect(tar.status == 0, "\(tar.errors)")
    let listing = try FileManager.default.contentsOfDirectory(atPath: unpacked.path).sorted()
    #expect(listing == ["evidence", "report", "templates"])
    // The shipped templates it was made with, byte for byte, under templates/shipped/.
    let shipped = try FileManager.default.contentsOfDirectory(atPath: TestSupport.templates).filter {
      $0.hasSuffix(".mustache")
    }
    #expect(!shipped.isEmpty)
    for name in shipped {
      #expect(
        try Data(contentsOf: unpacked.appendingPathComponent("templates/shipped/" + name))
          == Data(contentsOf: URL(fileURLWithPath: TestSupport.templates + "/" + name)), "\(name)")
    }
    let evidence = unpacked.appendingPathComponent("evidence").path + setup.evidence
    let result = TestSupport.run(["verify", unpacked.appendingPathComponent("report").path, evidence])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.contains("checked at \(evidence)"))
  }

  @Test func aBundleNeverReplacesAnotherFileOrLandsInEvidence() throws {
    let setup = try Setup()
    let precious = setup.folder.appendingPathComponent("precious.tar.gz")
    try Data("mine".utf8).write(to: precious)
    let run = TestSupport.run(
      ["report", "--out", setup.report, "--bundle", precious.path, setup.evidence])
    #expect(run.status == 2)
    #expect(run.errors.contains("is not a bundle StateProof wrote"), "\(run.errors)")
    #expect(try Data(contentsOf: precious) == Data("mine".utf8))
    let withoutJSON = TestSupport.run(
      [
        "report", "--format", "html,md", "--out", setup.report, "--bundle",
        setup.folder.appendingPathComponent("x.tar.gz").path,
        setup.evidence,
      ])
    #expect(withoutJSON.status == 2)
    #expect(withoutJSON.errors.contains("add json to --format"), "\(withoutJSON.errors)")
    let inside = TestSupport.run(
      ["report", "--out", setup.report, "--bundle", setup.evidence + "/b.tar.gz", setup.evidence])
    #expect(inside.status == 2)
    #expect(!FileManager.default.fileExists(atPath: setup.evidence + "/b.tar.gz"))
  }
}

/// The attestation's layout, checked in Swift (the JSON schema check is scripts/check-attestation).
@Suite(.temporaryFolders) struct AttestationTests {
  @Test func subjectsAreTheFolderFilesAndThePredicateCitesTheEvidence() throws {
    let folder = try TestSupport.temporaryFolder()
    let out = folder.appendingPathComponent("r").path
    #expect(TestSupport.run(["report", "--attestation", "--out", out, TestSupport.scannerExample]).status == 1)
    let statement = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/attestation.intoto.json")))
        as? [String: Any])
    #expect(statement["_type"] as? String == "https://in-toto.io/Statement/v1")
    #expect(statement["predicateType"] as? String == "https://stateproof.dev/release-report/v1")
    let subjects = try #require(statement["subject"] as? [[String: Any]])
    let sums = try String(contentsOfFile: out + "/SHA256SUMS", encoding: .utf8).split(separator: "\n")
      .map { $0.split(separator: " ", maxSplits: 1).map(String.init) }
      .filter { $0[1].trimmingCharacters(in: .whitespaces) != "attestation.intoto.json" }
    #expect(
      subjects.map { "\(($0["digest"] as? [String: String])?["sha256"] ?? "") \($0["name"] as? String ?? "")" }
        == sums.map { "\($0[0]) \($0[1].trimmingCharacters(in: .whitespaces))" })
    #expect(subjects.contains { $0["name"] as? String == "report.json" })
    let predicate = try #require(statement["predicate"] as? [String: Any])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/report.json")))
        as? [String: Any])
    #expect(predicate["verdict"] as? String == report["verdict"] as? String)
    let cited = try #require(report["evidence"] as? [[String: Any]])
    let attested = try #require(predicate["evidence"] as? [[String: Any]])
    #expect(attested.count == cited.count)
    #expect(
      zip(attested, cited).allSatisfy { a, c in
        a["path"] as? String == c["path"] as? String
          && (a["digest"] as? [String: String])?["sha256"] == (c["sha256"] as? String).flatMap { $0.isEmpty ? nil : $0 }
      })
    #expect(
      (report["provenance"] as? [String: Any]).flatMap { $0["options"] as? [String: Any] }?["attestation"] as? Bool
        == true)
  }
}
