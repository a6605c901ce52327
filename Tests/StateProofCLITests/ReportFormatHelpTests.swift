import Testing

@testable import StateProofCLI
@testable import StateProofKit

/// `report --help` lists every output format by its `--format` name and its file, from
/// ``ReportFormat``'s cases (the rest of the format table is checked in StateProofKitTests'
/// `ReportFormatTableTests`), and `--format` takes each of them; the prose of `report --help` (what
/// it writes) and `verify --help` (what it makes again) names every format's file.
@Suite struct ReportFormatHelpTests {
  @Test(arguments: ReportFormat.allCases)
  func helpListsTheFormatAndFormatTakesIt(format: ReportFormat) throws {
    let result = TestSupport.run(["help", "report"])
    #expect(result.status == 0)
    let page = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(page.contains("\(format.rawValue) (\(format.fileName))"), "report --help does not list \(format)")
    #expect(try ReportFormat.parse(format.rawValue) == [format])
    #expect(
      page.components(separatedBy: format.fileName).count > 2, "report --help's prose does not name \(format.fileName)")
  }

  @Test(arguments: ReportFormat.allCases)
  func verifyHelpNamesTheFormatsFile(format: ReportFormat) {
    let result = TestSupport.run(["help", "verify"])
    #expect(result.status == 0)
    let page = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(page.contains(format.fileName), "verify --help does not name \(format.fileName)")
  }
}
