import Foundation
import StateProofTestSupport
import Testing

@testable import StateProofCLI
@testable import StateProofKit

/// The command line fails loudly on bad input: a missing evidence path or a mistyped word stops
/// the run with exit status 2 and a message naming it, before anything is read or written, and
/// says what it may have meant.
@Suite(.temporaryFolders) struct LoudFailureTests {
  /// A folder with an `evidence` folder (the example's) in it, and where a report would go.
  private func workspace() throws -> (evidence: URL, out: URL) {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("evidence")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.scannerExample), to: evidence)
    return (evidence, folder.appendingPathComponent("out"))
  }

  @Test func aMissingEvidencePathIsAUsageErrorNamingItAndNothingIsWritten() throws {
    let (evidence, out) = try workspace()
    let typo = evidence.deletingLastPathComponent().appendingPathComponent("evidnce").path
    let result = TestSupport.run(["report", "--out", out.path, evidence.path, typo])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("the evidence path \(typo) does not exist"))
    #expect(result.errors.contains("(did you mean \(evidence.path)?)"))
    #expect(result.errors.contains("nothing was read or written"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func anEmptyPathOrOneThroughAFileIsRefusedToo() throws {
    let (evidence, out) = try workspace()
    let empty = TestSupport.run(["report", "--out", out.path, ""])
    #expect(empty.status == 2)
    #expect(empty.errors.contains("an evidence path is empty"))
    let throughFile = evidence.appendingPathComponent("stateproof.json/android").path
    let nested = TestSupport.run(["report", "--out", out.path, throughFile])
    #expect(nested.status == 2)
    #expect(nested.errors.contains("the evidence path \(throughFile) does not exist"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func inspectRefusesAMissingPathAlike() throws {
    let (evidence, _) = try workspace()
    let result = TestSupport.run(["inspect", evidence.path + "-gone"])
    #expect(result.status == 2)
    #expect(result.errors.contains("the evidence path \(evidence.path)-gone does not exist"))
    #expect(result.output.isEmpty)
  }

  /// The library refuses it the same way, before any evidence is read.
  @Test func theLibraryThrowsTheSameError() throws {
    let (evidence, _) = try workspace()
    #expect {
      _ = try StateProof.report(evidence: [evidence.path + "x"])
    } throws: { error in
      guard case .missingEvidence(let path, .notFound(let nearest)) = error as? StateProofError else { return false }
      return path == evidence.path + "x" && nearest == [evidence.path]
    }
  }

  @Test func aWordStartingWithADashIsNeverAnEvidencePath() throws {
    let (evidence, out) = try workspace()
    for (arguments, message) in [
      (["-o", out.path, evidence.path], "unknown option -o (did you mean --out?)"),
      (["--out", out.path, "-evidence"], "unknown option -evidence"),
      (["--out", out.path, "--quiett", evidence.path], "unknown option --quiett (did you mean --quiet?)"),
      (["--out", "-h", evidence.path], "--out needs a value (DIR), found -h"),
    ] {
      let result = TestSupport.run(["report"] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
      #expect(!FileManager.default.fileExists(atPath: out.path))
    }
    // After `--` a word starting with - is a path, and `-` alone stays a word.
    let parsed = try ParsedArguments<ReportCommand.Option>(["-", "--", "-evidence", "--out"], spec: ReportCommand.spec)
    #expect(parsed.positionals == ["-", "-evidence", "--out"])
  }

  @Test func anEmptyValueForAFileOrFolderIsAUsageError() throws {
    let (evidence, _) = try workspace()
    for arguments in [["--out", ""], ["--out="], ["--config", ""], ["--baseline="]] {
      let result = TestSupport.run(["report"] + arguments + [evidence.path])
      #expect(result.status == 2, "\(arguments)")
      #expect(result.errors.contains("found an empty one"), "\(arguments): \(result.errors)")
    }
  }

  static let names = CommandLineTool.commands.map { $0.spec.name }

  @Test(arguments: names)
  func dashHAndDashDashHelpShowEveryCommandsHelp(name: String) throws {
    let spec = try #require(CommandLineTool.commands.first { $0.spec.name == name }).spec
    for flag in ["-h", "--help"] {
      let result = TestSupport.run([name, flag])
      #expect(result.status == 0, "\(name) \(flag)")
      #expect(result.output == spec.help, "\(name) \(flag)")
      #expect(result.errors.isEmpty, "\(name) \(flag)")
    }
  }

  @Test func helpWinsOverEverythingElseAndWritesNothing() throws {
    let (evidence, out) = try workspace()
    let result = TestSupport.run(["report", "--out", out.path, evidence.path, "-h"])
    #expect(result.status == 0)
    #expect(result.output == ReportCommand.spec.help)
    #expect(!FileManager.default.fileExists(atPath: out.path))
    for arguments in [["-h"], ["--help"], ["help"], ["help", "-h"]] {
      let top = TestSupport.run(arguments)
      #expect(top.status == 0, "\(arguments)")
      #expect(top.output == CommandLineTool.overview, "\(arguments)")
    }
  }

  @Test(arguments: [
    (["reprot", "x"], "no command named \"reprot\" (did you mean report?)"),
    (["help", "verfy"], "no command named \"verfy\" (did you mean verify?)"),
    (["--verison"], "unknown option --verison (did you mean --version?)"),
    (["report", "--confg", "x"], "unknown option --confg (did you mean --config?)"),
    (["report", "--conf", "x"], "unknown option --conf (did you mean --config?)"),
    (["seed-check", "--permision", "camera"], "unknown option --permision (did you mean --permission?)"),
    (
      ["report", "--allow", "missing-reciept:ios=no farm", "x"],
      "no finding code \"missing-reciept\" (did you mean missing-receipt?)"
    ),
  ])
  func aMistypedNameGetsTheNearestKnownOnes(arguments: [String], message: String) {
    let result = TestSupport.run(arguments)
    #expect(result.status == 2)
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  @Test func aNameNearNothingListsWhatThereIs() {
    let result = TestSupport.run(["frobnicate"])
    #expect(result.status == 2)
    #expect(!result.errors.contains("did you mean"))
    #expect(result.errors.contains("the commands are report, inspect, seed-check"))
  }

  @Test func anAllowedRowTheMatrixDoesNotHaveIsRefusedWithTheNearestRow() throws {
    let (evidence, out) = try workspace()
    let result = TestSupport.run([
      "report", "--out", out.path, "--allow", "missing-screenshot:ios/camra/restricted=known", evidence.path,
    ])
    #expect(result.status == 2)
    #expect(result.errors.contains("the matrix has no row ios/camra/restricted"))
    #expect(result.errors.contains("(did you mean ios/camera/restricted?)"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func aMistypedPermissionIdOrKeyInTheConfigurationGetsTheNearestOnes() throws {
    let (evidence, out) = try workspace()
    let config = evidence.deletingLastPathComponent().appendingPathComponent("config.json")
    for (text, message) in [
      (
        #"{"permissions": [{"id": "camra"}]}"#,
        #"StateProof does not know the permission "camra" (did you mean "camera"?)"#
      ),
      (#"{"permisions": []}"#, #"permisions: unknown key (did you mean "permissions"?)"#),
      (
        #"{"allow": [{"code": "missing-screenshots", "reason": "r"}]}"#,
        #"no finding code "missing-screenshots" (did you mean "missing-screenshot"?)"#
      ),
      (
        #"{"permissions": [{"id": "camera", "rows": {"ios/restrited": {}}}]}"#,
        #""ios/restrited" is no state of camera (did you mean "ios/restricted"?)"#
      ),
    ] {
      try Data(text.utf8).write(to: config)
      let result = TestSupport.run(["report", "--config", config.path, "--out", out.path, evidence.path])
      #expect(result.status == 2, "\(text)")
      #expect(result.errors.contains(message), "\(text): \(result.errors)")
    }
  }

  @Test func seedCheckSuggestsThePermissionAndState() throws {
    let dump = try TestSupport.temporaryFolder().appendingPathComponent("dump.txt")
    try Data("    android.permission.CAMERA: granted=false, flags=[ USER_SET ]\n".utf8).write(to: dump)
    let permission = TestSupport.run(["seed-check", "--permission", "camra", "--want", "blocked", dump.path])
    #expect(permission.status == 2)
    #expect(permission.errors.contains("unknown permission 'camra' (did you mean camera?)"))
    let state = TestSupport.run(["seed-check", "--permission", "camera", "--want", "blokced", dump.path])
    #expect(state.status == 2)
    #expect(state.errors.contains("unknown state 'blokced' for camera (did you mean blocked?)"))
  }

  /// An empty folder, or one of files StateProof does not read, is no evidence: the report says
  /// so first, in the headline and as the first blocker, so a failed download is not read as gaps.
  @Test(arguments: [[], ["notes.txt"]])
  func pathsHoldingNothingStateProofReadsGiveNoEvidenceFirst(files: [String]) throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("artifact")
    try FileManager.default.createDirectory(at: evidence, withIntermediateDirectories: true)
    for name in files { try Data("hello\n".utf8).write(to: evidence.appendingPathComponent(name)) }
    let out = folder.appendingPathComponent("out")
    let result = TestSupport.run(["report", "--out", out.path, "--format", "json,md", evidence.path])
    #expect(result.status == 1)
    #expect(result.output.hasPrefix("Not ready: no evidence (the evidence paths hold nothing StateProof reads)"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let findings = try #require(json["findings"] as? [[String: Any]])
    #expect(findings.first?["code"] as? String == "no-evidence")
    #expect(findings.count { $0["code"] as? String == "no-evidence" } == 1)
    let message = try #require(findings.first?["message"] as? String)
    #expect(
      message.hasPrefix("The evidence path \(evidence.path) " + (files.isEmpty ? "holds no file" : "holds 1 file")))
    let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    let blockers = try #require(markdown.range(of: "block the release"))
    let firstCode = markdown[blockers.upperBound...].range(of: "- **")
    #expect(firstCode.map { markdown[$0.upperBound...].hasPrefix("no-evidence**") } == true)
  }

  @Test func evidenceThatIsReadGivesNoNoEvidence() throws {
    let (evidence, _) = try workspace()
    let run = try StateProof.report(evidence: [evidence.path])
    #expect(!run.report.findings.contains { $0.code == .noEvidence })
  }

  /// `help --man` is roff for `man`, made from the same specs as the help: every command and
  /// option is in it, and groff (where the machine has it) reads it without a warning.
  @Test func theManualPageNamesEveryCommandAndOptionAndIsCleanRoff() throws {
    let result = TestSupport.run(["help", "--man"])
    #expect(result.status == 0)
    let page = result.output
    #expect(page.hasPrefix(".TH STATEPROOF 1 "))
    #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    for command in CommandLineTool.commands {
      #expect(
        page.contains(".SH \"STATEPROOF \(command.spec.name.uppercased().replacingOccurrences(of: "-", with: "\\-"))\"")
      )
      for option in command.spec.options {
        #expect(page.contains(".B \\-\\-\(option.name.replacingOccurrences(of: "-", with: "\\-"))"), "--\(option.name)")
      }
    }
    #expect(
      !page.split(separator: "\n").contains {
        $0.hasPrefix("'") || ($0.hasPrefix(".") && $0.count > 1 && $0.dropFirst().first == ".")
      })
    guard let groff = TestSupport.executable("groff") else { return }
    let file = try TestSupport.temporaryFolder().appendingPathComponent("stateproof.1")
    try Data(page.utf8).write(to: file)
    let checked = try TestSupport.runProgram(groff, ["-man", "-ww", "-z", file.path])
    #expect(checked.status == 0)
    #expect(checked.errors.isEmpty, "\(checked.errors)")
  }
}
