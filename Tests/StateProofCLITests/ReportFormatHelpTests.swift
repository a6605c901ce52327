import Testing

@testable import StateProofCLI
@testable import StateProofKit

/// `report --help` lists every output format by its `--format` name and its file, from
/// ``ReportFormat``'s cases (the rest of the format table is checked in StateProofKitTests'
/// `ReportFormatTableTests`), and `--format` takes each of them.
@Suite struct ReportFormatHelpTests {
  @Test(arguments: ReportFormat.allCases)
  func helpListsTheFormatAndFormatTakesIt(format: ReportFormat) throws {
    let result = TestSupport.run(["help", "report"])
    #expect(result.status == 0)
    let page = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(page.contains("\(format.rawValue) (\(format.fileName))"), "report --help does not list \(format)")
    #expect(try ReportFormat.parse(format.rawValue) == [format])
  }
}
