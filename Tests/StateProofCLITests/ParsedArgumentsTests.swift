import Foundation
import StateProofTestSupport
import Testing

@testable import StateProofCLI
@testable import StateProofKit

/// Options are looked up by each command's own `Option` cases (a misspelling does not compile);
/// these check what the compiler cannot: the spec parsed and documented lists exactly those
/// cases, and the values the parser leaves are read without trusting it.
@Suite(.temporaryFolders) struct ParsedArgumentsTests {
  /// Every command's options, as help and `help --list` show them, are its `Option` cases in
  /// order, then `--help`.
  @Test func everySpecIsItsOptionCases() {
    func names<C: Command>(_ command: C.Type) -> ([String], [String]) {
      (C.spec.options.map(\.name), C.Option.allCases.map(\.rawValue) + ["help"])
    }
    for command in CommandLineTool.commands {
      let (spec, cases) = names(command)
      #expect(spec == cases, "\(command.spec.name)")
    }
  }

  @Test func valuesFlagsAndRepeatsAreReadByCase() throws {
    let parsed = try ParsedArguments<ReportCommand.Option>(
      ["--allow", "a=x", "--fail-on=never", "--allow", "b=y", "--quiet", "--", "--out", "p"], spec: ReportCommand.spec)
    #expect(parsed.all(.allow) == ["a=x", "b=y"])
    #expect(parsed.value(.failOn) == "never")
    #expect(parsed.flag(.quiet) && !parsed.flag(.verbose))
    #expect(parsed.value(.out) == nil)
    #expect(parsed.positionals == ["--out", "p"])
    #expect(!parsed.wantsHelp)
  }

  /// With --help the parser does not insist on required options; reading one then is a usage
  /// error, not a crash.
  @Test func aRequiredOptionMissingIsAUsageErrorWhenRead() throws {
    let parsed = try ParsedArguments<SeedCheckCommand.Option>(["--help"], spec: SeedCheckCommand.spec)
    #expect(parsed.wantsHelp)
    #expect(throws: UsageError(command: "seed-check", message: "--permission is required")) {
      try parsed.required(.permission)
    }
  }

  @Test func timesAreReadWithTheOneGrammar() throws {
    let parsed = try ParsedArguments<ReportCommand.Option>(
      ["--generated-at", "2025-11-24T17:00:00+01:00", "--built-at", "2025-11-24T16:00:00", "x"],
      spec: ReportCommand.spec)
    #expect(try parsed.time(.generatedAt)?.seconds == 1_764_000_000)
    #expect(try parsed.time(.failOn) == nil)
    #expect(
      throws: UsageError(
        command: "report",
        message:
          "--built-at takes an ISO 8601 date-time with its zone, such as 2025-11-24T16:00:00Z or 2025-11-24T17:00:00+01:00, found \"2025-11-24T16:00:00\" (no zone: add Z or an offset such as +01:00)"
      )
    ) { try parsed.time(.builtAt) }
  }

  /// `seed-check --time` takes the same times as `report`: a time without its zone is refused
  /// before anything is read or recorded.
  @Test func seedCheckTimeTakesTheSameGrammar() throws {
    let folder = try TestSupport.temporaryFolder()
    let record = folder.appendingPathComponent("seeds.jsonl")
    let result = TestSupport.run([
      "seed-check", "--permission", "android.permission.CAMERA", "--want", "granted", "--record", record.path,
      "--time", "2025-11-24 16:00", "/nonexistent",
    ])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("stateproof seed-check: --time takes an ISO 8601 date-time with its zone"))
    #expect(!FileManager.default.fileExists(atPath: record.path))
  }
}
