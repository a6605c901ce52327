import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `report --progress`, `--verbose` and `--quiet`; and no progress in CI (standard error not a
/// terminal) unless asked for.
@Suite(.temporaryFolders) struct ReportProgressOptionsTests {
  func report(_ options: [String]) throws -> (status: Int32, output: String, errors: String) {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
    return TestSupport.run(["report", "--out", out.path] + options + [TestSupport.scannerExample])
  }

  @Test func ciShowsNoProgressByDefault() throws {
    let result = try report([])
    #expect(result.status == 1)
    #expect(result.errors.isEmpty, "\(result.errors)")
    #expect(result.output.contains("Report written to"))
  }

  @Test func progressAsksForItOutsideATerminal() throws {
    let result = try report(["--progress"])
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("stateproof: read "))
    #expect(result.errors.contains(" files, "))
    #expect(result.errors.hasSuffix("\n"))
    #expect(!result.errors.contains("\r"))
    #expect(result.output.contains("Report written to"))
  }

  @Test func verboseListsEveryFile() throws {
    let result = try report(["--verbose"])
    let listed = result.errors.split(separator: "\n").filter { $0.hasPrefix("stateproof: read ") }
    let files = try #require(FileManager.default.subpaths(atPath: TestSupport.scannerExample)).filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: TestSupport.scannerExample + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
    #expect(listed.count == files.count)
    #expect(listed.contains { $0.hasPrefix("stateproof: read stateproof.json (config, ") })
  }

  @Test func quietPrintsNoSummary() throws {
    let result = try report(["--quiet"])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.errors.isEmpty)
  }

  @Test(arguments: ["--progress", "--verbose"])
  func quietExcludesProgressAndVerbose(option: String) throws {
    let result = try report(["--quiet", option])
    #expect(result.status == 2)
    #expect(result.errors.contains("--quiet and \(option) exclude each other"))
  }

  @Test func optionsParse() throws {
    let parsed = try ParsedArguments<ReportCommand.Option>(
      ["--quiet", "--progress", "--verbose", "x"], spec: ReportCommand.spec)
    #expect(parsed.flag(.quiet) && parsed.flag(.progress) && parsed.flag(.verbose))
    #expect(throws: UsageError.self) {
      try ParsedArguments<ReportCommand.Option>(["--progress=yes", "x"], spec: ReportCommand.spec)
    }
  }
}
