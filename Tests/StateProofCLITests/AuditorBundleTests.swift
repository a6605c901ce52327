import Foundation
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// The auditor's path from the bundle alone, months later (issue 35): `tar -xzf` and `stateproof
/// verify report` from that folder finds the evidence beside the report; other shipped templates
/// are told from a page edited; a report of another version says how to get that version; a
/// record never has an empty name. Run with the built binary, as an auditor would.
@Suite(.temporaryFolders) struct AuditorBundleTests {
  /// A bundle of the example unpacked into a fresh folder.
  private struct Unpacked {
    let folder: URL
    let binary: String

    init() throws {
      binary = try TestSupport.binary()
      let work = try TestSupport.temporaryFolder()
      folder = work.appendingPathComponent("unpacked")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let bundle = work.appendingPathComponent("release.tar.gz").path
      let made = try TestSupport.runProgram(
        binary,
        [
          "report", "--attestation", "--generated-at", "2025-11-24T16:00:00Z", "--bundle", bundle, "--quiet",
          "--out", work.appendingPathComponent("out").path, TestSupport.scannerExample,
        ])
      #expect(made.status == 1, "\(made.errors)")
      let tar = try TestSupport.runProgram("/usr/bin/env", ["tar", "-xzf", bundle, "-C", folder.path])
      #expect(tar.status == 0, "\(tar.errors)")
    }

    /// `stateproof verify ARGUMENTS` run from the unpacked folder, with `environment` set.
    func verify(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
      let assignments = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
      let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
      let result = try TestSupport.runProgram(
        "/bin/sh", ["-c", "cd '\(folder.path)' && env \(assignments) '\(binary)' verify \(quoted)"])
      return (result.status, result.output + result.errors)
    }
  }

  @Test func anUnpackedBundleVerifiesFromItsOwnFolderWithNoPath() throws {
    let unpacked = try Unpacked()
    let result = try unpacked.verify(["report"])
    #expect(result.status == 0, "\(result.output)")
    #expect(
      result.output.contains("Evidence: no PATH given, so the unpacked bundle's, in evidence beside the report folder.")
    )
    #expect(result.output.contains("checked at evidence/"), "\(result.output)")
    #expect(!result.output.contains("  missing") && !result.output.contains("  new"), "\(result.output)")
  }

  @Test func otherShippedTemplatesAreToldFromAnEditedPage() throws {
    let unpacked = try Unpacked()
    let other = try TestSupport.temporaryFolder().appendingPathComponent("Templates")
    try FileManager.default.copyItem(atPath: TestSupport.templates, toPath: other.path)
    let layout = other.appendingPathComponent("layout.html.mustache")
    try (try Data(contentsOf: layout) + Data("<!-- another install -->\n".utf8)).write(to: layout)
    // The bundle carries the templates the report was made with: the pages are made again from them.
    let carried = try unpacked.verify(["report"], environment: ["STATEPROOF_TEMPLATES": other.path])
    #expect(carried.status == 0, "\(carried.output)")
    // Without them, the pages are not checked and say why; nothing reads as changed.
    try FileManager.default.removeItem(at: unpacked.folder.appendingPathComponent("templates"))
    let result = try unpacked.verify(["report"], environment: ["STATEPROOF_TEMPLATES": other.path])
    #expect(result.status == 1)
    #expect(!result.output.contains("  changed"), "\(result.output)")
    #expect(
      result.output.contains("not-checked index.html: made with other shipped templates (recorded "), "\(result.output)"
    )
    #expect(
      try unpacked.verify(["--allow-unchecked", "report"], environment: ["STATEPROOF_TEMPLATES": other.path]).status
        == 0)
  }

  @Test func reportJSONRecordsTheBinaryAndTheShippedTemplatesDigest() throws {
    let unpacked = try Unpacked()
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: unpacked.folder.appendingPathComponent("report/report.json")))
        as? [String: Any])
    let provenance = try #require(json["provenance"] as? [String: Any])
    let build = try #require(provenance["build"] as? [String: Any])
    let binary = try #require(SHA256.file(at: unpacked.binary).get().sha256)
    #expect(build["executableSHA256"] as? String == binary)
    // The digest an auditor computes without StateProof, in the templates folder.
    let digest = try TestSupport.runProgram(
      "/bin/sh", ["-c", "cd '\(TestSupport.templates)' && LC_ALL=C sha256sum *.mustache | sha256sum"])
    #expect(provenance["shippedTemplates"] as? String == String(digest.output.prefix(64)), "\(digest.output)")
  }

  @Test func aReportOfAnotherVersionSaysWhichAndHowToGetIt() throws {
    let unpacked = try Unpacked()
    let path = unpacked.folder.appendingPathComponent("report/report.json")
    let edited = try String(contentsOf: path, encoding: .utf8)
      .replacingOccurrences(of: "\"version\" : \"\(StateProof.version)\"", with: "\"version\" : \"0.0.9\"")
    try Data(edited.utf8).write(to: path)
    let result = try unpacked.verify(["report"])
    #expect(result.status == 1)
    #expect(result.output.contains("made by StateProof 0.0.9"), "\(result.output)")
    #expect(result.output.contains("\(StateProof.repository)/releases/tag/v0.0.9"), "\(result.output)")
    #expect(result.output.contains("stateproof-0.0.9-linux-x86_64.tar.gz"), "\(result.output)")
    #expect(result.output.contains("the binary that made it has SHA-256 "), "\(result.output)")
  }

  @Test func evidenceThatIsNowhereIsNotDecidedAndNoRecordIsNameless() throws {
    let binary = try TestSupport.binary()
    let work = try TestSupport.temporaryFolder()
    let evidence = work.appendingPathComponent("scanner").path
    try FileManager.default.copyItem(atPath: TestSupport.scannerExample, toPath: evidence)
    let report = work.appendingPathComponent("report").path
    let made = try TestSupport.runProgram(binary, ["report", "--quiet", "--out", report, evidence])
    #expect(made.status == 1, "\(made.errors)")
    try FileManager.default.removeItem(atPath: evidence)
    let result = try TestSupport.runProgram(binary, ["verify", report])
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        "not decided again: the evidence path \(evidence) is neither where the report found it nor in an unpacked bundle's"
      ),
      "\(result.output)")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      !lines.contains { $0.hasPrefix("  ") && $0.trimmingCharacters(in: .whitespaces).split(separator: " ").count == 1 }
    )
    #expect(!result.output.contains("new          ("), "a record without a name: \(result.output)")

    // Evidence given where nothing of it is: a line per difference, at most ten, then how many more.
    let empty = try TestSupport.temporaryFolder().path
    let differing = try TestSupport.runProgram(binary, ["verify", report, empty])
    #expect(differing.status == 1)
    #expect(lines.allSatisfy { $0.utf8.count < 400 })
    let decision = differing.output.split(separator: "\n").drop { !$0.hasPrefix("Decision:") }
    #expect(decision.first?.hasSuffix("differ:") == true, "\(differing.output)")
    #expect(decision.dropFirst().prefix { $0.hasPrefix("  ") }.count == 11, "\(differing.output)")
    #expect(decision.contains { $0.contains("more (--format json lists every one)") }, "\(differing.output)")
    #expect(differing.output.split(separator: "\n").allSatisfy { $0.utf8.count < 400 }, "\(differing.output)")
  }
}
