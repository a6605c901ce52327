import Foundation
import StateProofKit
import StateProofTestSupport
import Testing

/// What a library caller switches on when StateProof cannot do its job: each error is a case
/// naming the file, folder or option at fault with a reason it can match, and its description is
/// the message the command line prints.
@Suite(.temporaryFolders) struct ErrorCaseTests {
  static let scanner = PackageRoot.path("examples/scanner")

  private func options(_ change: (inout ReportOptions) -> Void) -> ReportOptions {
    var options = ReportOptions(configuration: .builtIn)
    change(&options)
    return options
  }

  private func reportError(_ options: ReportOptions) throws -> StateProofError {
    do {
      _ = try StateProof.report(evidence: [Self.scanner], options: options)
    } catch {
      return error
    }
    throw Failure("the run did not fail")
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  @Test func aMissingTemplatesFolderNamesIt() throws {
    let error = try reportError(options { $0.templates = "/nonexistent/templates" })
    guard case .templateFolder(let path, .notAFolder) = error else { throw error }
    #expect(path == "/nonexistent/templates")
    #expect(error.description == "--templates /nonexistent/templates is not a folder")
  }

  @Test func aBrokenTemplateGivesItsFileLineAndColumn() throws {
    let folder = try TemporaryFolder.make()
    try Data("<p>\n  {{#rows}}never closed\n".utf8).write(to: folder.appendingPathComponent("index.html.mustache"))
    let error = try reportError(options { $0.templates = folder.path })
    guard case .templateSyntax(let file, let line, let column, let message) = error else { throw error }
    #expect(file == "index.html.mustache")
    #expect(line == 2)
    #expect(column == 3)
    #expect(error.description == "index.html.mustache:2:3: \(message)")
  }

  @Test func aBaselineThatIsNotAReportIsABaselineError() throws {
    let file = try TemporaryFolder.make().appendingPathComponent("old.json")
    try Data(#"{"platforms": 3}"#.utf8).write(to: file)
    let error = try reportError(options { $0.baseline = file.path })
    guard case .baseline(let path, .malformed(let problem)) = error else { throw error }
    #expect(path == file.path)
    #expect(error.description == "--baseline \(file.path): not a StateProof report.json (\(problem.message))")
  }

  @Test func aMissingBaselineIsAnUnreadableInput() throws {
    let error = try reportError(options { $0.baseline = "/nonexistent/report.json" })
    guard case .inputFile(let path, let name, .unreadable(let reason)) = error else { throw error }
    #expect(path == "/nonexistent/report.json")
    #expect(name == "--baseline /nonexistent/report.json")
    #expect(error.description == "--baseline /nonexistent/report.json: \(reason)")
  }

  @Test func optionValuesComeBackWithTheValue() throws {
    let budget = try reportError(options { $0.markdownMaxBytes = 0 })
    guard case .option(.markdownBudget(0)) = budget else { throw budget }
    #expect(budget.description == "the Markdown budget must be a positive number of bytes, found 0")
    // A time is a ZonedTime, so a bad one never reaches the run: its text is refused on the way in.
    #expect(throws: ZonedTime.Problem.notADateTime) { try ZonedTime("yesterday") }
    let gap = try reportError(options { $0.allowances = [Allowance(code: .missingReceipt, reason: " ")] })
    guard case .option(.allowanceWithoutReason(.missingReceipt)) = gap else { throw gap }
  }

  @Test func anOutputFolderThatIsAFileIsRefusedAsOne() throws {
    let file = try TemporaryFolder.make().appendingPathComponent("report")
    try Data("not a folder".utf8).write(to: file)
    do {
      try StateProof.checkReportFolder(file.path, evidence: [Self.scanner])
      Issue.record("a file was accepted as the report folder")
    } catch {
      guard case .outputFolder(let path, .notAFolder) = error else { throw error }
      #expect(path.hasSuffix("/report"))
      #expect(error.description == "--out \(path) is a file, not a folder; StateProof does not replace it")
    }
    #expect(try Data(contentsOf: file) == Data("not a folder".utf8))
  }

  @Test func aFolderOfOtherFilesIsRefusedWithTheirNames() throws {
    let folder = try TemporaryFolder.make().appendingPathComponent("out")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data().write(to: folder.appendingPathComponent("notes.txt"))
    do {
      try StateProof.checkReportFolder(folder.path, evidence: [Self.scanner])
      Issue.record("a folder of other files was accepted")
    } catch {
      guard case .outputFolder(_, .foreignFiles(let names)) = error else { throw error }
      #expect(names == ["notes.txt"])
      #expect(error.description.contains("holds files StateProof did not write (notes.txt)"))
    }
  }

  @Test func aReportJSONOfAnotherSchemaSaysWhichVersions() throws {
    do {
      _ = try Report(json: Data(#"{"schemaVersion": 1}"#.utf8), name: "old.json")
      Issue.record("schema version 1 was read")
    } catch {
      guard case .reportJSON("old.json", .schemaVersion(let found, let supported)) = error else { throw error }
      #expect(found == 1)
      #expect(supported == Report.currentSchemaVersion)
    }
  }

  @Test func aWrongValueInReportJSONGivesItsKeyPath() throws {
    let golden = TestFiles.scannerGolden.appendingPathComponent("report.json")
    let text = try String(contentsOf: golden, encoding: .utf8)
      .replacingOccurrences(of: #""verdict" : "not-ready""#, with: #""verdict" : 3"#)
    do {
      _ = try Report(json: Data(text.utf8), name: "r.json")
      Issue.record("a number was read as the verdict")
    } catch {
      guard case .reportJSON("r.json", .malformed(let problem)) = error else { throw error }
      #expect(problem.keyPath?.hasSuffix("verdict") == true, "\(problem)")
    }
  }

  @Test func verifyingWhatIsNotAReportFolderSaysSo() throws {
    let folder = try TemporaryFolder.make().path
    do {
      _ = try StateProof.verify(report: folder)
      Issue.record("an empty folder was verified")
    } catch {
      guard case .reportFolder(let path, .noReportJSON) = error else { throw error }
      #expect(path == folder)
    }
  }
}
