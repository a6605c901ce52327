import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `stateproof completion bash|zsh`: scripts the shells accept, offering exactly what the parser
/// takes.
@Suite(.temporaryFolders) struct CompletionScriptTests {
  static let specs = CommandLineTool.commands.map { $0.spec }

  /// Runs `shell` with `arguments`; returns its exit status and standard output.
  static func runShell(_ shell: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let result = try TestSupport.runProgram(try #require(TestSupport.executable(shell)), arguments)
    return (result.status, result.output)
  }

  static func script(_ shell: String) throws -> String {
    let result = TestSupport.run(["completion", shell])
    #expect(result.status == 0)
    return result.output
  }

  @Test(arguments: CompletionScript.shells)
  func mentionsEveryCommandAndOption(shell: String) throws {
    let script = try Self.script(shell)
    for spec in Self.specs {
      #expect(script.contains(spec.name), "\(shell): \(spec.name)")
      for option in spec.options {
        #expect(script.contains("--\(option.name)"), "\(shell): \(spec.name) --\(option.name)")
      }
    }
    #expect(script.contains("--version"))
  }

  @Test func anUnknownShellIsAUsageError() {
    let result = TestSupport.run(["completion", "fish"])
    #expect(result.status == 2)
    #expect(result.errors.contains("no completion script for \"fish\""))
  }

  @Test(.enabled(if: TestSupport.executable("bash") != nil, "needs bash on PATH"))
  func bashAcceptsTheScript() throws {
    let file = try TestSupport.temporaryFolder().appendingPathComponent("stateproof.bash")
    try Data(try Self.script("bash").utf8).write(to: file)
    #expect(try Self.runShell("bash", ["-n", file.path]).status == 0)
  }

  @Test(.enabled(if: TestSupport.executable("zsh") != nil, "needs zsh on PATH (apt-get install zsh)"))
  func zshAcceptsTheScript() throws {
    let file = try TestSupport.temporaryFolder().appendingPathComponent("_stateproof")
    try Data(try Self.script("zsh").utf8).write(to: file)
    #expect(try Self.runShell("zsh", ["-n", file.path]).status == 0)
  }

  /// What the bash function offers for the words typed so far (the last one being completed).
  static func bashCompletions(_ words: [String], in folder: URL? = nil) throws -> [String] {
    let file = try TestSupport.temporaryFolder().appendingPathComponent("stateproof.bash")
    try Data(try script("bash").utf8).write(to: file)
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = """
      cd '\((folder ?? FileManager.default.temporaryDirectory).path)'
      source '\(file.path)'
      COMP_WORDS=(stateproof \(quoted)); COMP_CWORD=\(words.count)
      _stateproof
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try runShell("bash", ["-c", program])
    #expect(result.status == 0)
    return result.output.split(separator: "\n").map(String.init)
  }

  @Test(.enabled(if: TestSupport.executable("bash") != nil, "needs bash on PATH"))
  func bashCompletesCommandsOptionsAndChoices() throws {
    #expect(try Self.bashCompletions(["rep"]) == ["report"])
    #expect(Set(try Self.bashCompletions(["re"])) == ["render", "report"])
    #expect(try Self.bashCompletions(["report", "--o"]) == ["--out"])
    #expect(try Self.bashCompletions(["seed-check", "--w"]) == ["--want", "--want-version"])
    #expect(try Self.bashCompletions(["completion", ""]) == ["bash", "zsh"])
    #expect(Set(try Self.bashCompletions(["help", "se"])) == ["seed-check", "seed-plan"])
    #expect(try Self.bashCompletions(["report", "--generated-at", ""]) == [])
  }

  @Test(.enabled(if: TestSupport.executable("bash") != nil, "needs bash on PATH"))
  func bashCompletesFileNamesWithSpacesWhole() throws {
    let folder = try TestSupport.temporaryFolder()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("ios evidence"), withIntermediateDirectories: true)
    #expect(try Self.bashCompletions(["report", "ios"], in: folder) == ["ios evidence"])
    #expect(try Self.bashCompletions(["report", "--out", "io"], in: folder) == ["ios evidence"])
  }
}
