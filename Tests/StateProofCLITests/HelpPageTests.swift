import Testing

@testable import StateProofCLI
@testable import StateProofKit

/// `stateproof help COMMAND` as a manual page, and `help --list` for scripts.
@Suite struct HelpPageTests {
  static let names = CommandLineTool.commands.map { $0.spec.name }

  @Test(arguments: names)
  func everyCommandHasTheManualPageSections(name: String) throws {
    let result = TestSupport.run(["help", name])
    #expect(result.status == 0)
    let headings = result.output.split(separator: "\n").filter { $0.first?.isUppercase == true }
    let expected = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES"]
    #expect(headings.map(String.init) == expected)
    let spec = try #require(CommandLineTool.commands.first { $0.spec.name == name }).spec
    for option in spec.options {
      #expect(result.output.contains("    --\(option.name)"), "--\(option.name)")
    }
    for (status, _) in spec.exitStatus {
      #expect(result.output.contains("\n    \(status)  "), "exit status \(status)")
    }
  }

  @Test(arguments: names)
  func proseFitsEightyColumns(name: String) {
    let page = TestSupport.run(["help", name]).output
    let prose = page.components(separatedBy: "\nEXAMPLES\n")[0]
    let long = prose.split(separator: "\n").filter { $0.count > HelpPage.width }
    #expect(long.isEmpty)
  }

  @Test func synopsisKeepsEachOptionWholeAndRequiredOnesUnbracketed() {
    let page = TestSupport.run(["help", "seed-check"]).output
    #expect(page.contains("    stateproof seed-check --permission NAME --want STATE [--user N]\n"))
    #expect(page.contains("        [--package PKG] [--record FILE] [--sdk N] [--time TIME]\n"))
    #expect(page.contains("        [--want-version VERSION] [--ios] [--device UDID] [--data DIR]\n"))
    #expect(page.contains("        [--runtime VERSION] [--xcode VERSION] [FILE]\n"))
    #expect(page.contains("android.permission.CAMERA. Required.\n"))
  }

  @Test func exitStatusMeaningsWrapUnderTheirText() {
    let page = TestSupport.run(["help", "seed-check"]).output
    #expect(
      page.contains(
        "    1  it did not; standard error says \"seed did not take: wanted STATE, found\n       OTHER\" (with --ios,"))
  }

  @Test func aWordLongerThanTheLineKeepsItsOwnLine() {
    let word = String(repeating: "x", count: 90)
    #expect(HelpPage.wrap("a \(word) b", indent: "  ") == ["  a", "  " + word, "  b"])
  }

  @Test func aMissingRequiredOptionIsAUsageError() {
    let result = TestSupport.run(["seed-check", "--permission", "android.permission.CAMERA"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("stateproof seed-check: --want is required\n"))
  }

  @Test func listingNamesEveryCommandAndOption() {
    let result = TestSupport.run(["help", "--list"])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    #expect(lines.map { $0[0] } == Self.names + ["help"])
    let report = lines.first { $0[0] == "report" } ?? []
    #expect(report.contains("--out=DIR"))
    let initLine = lines.first { $0[0] == "init" } ?? []
    #expect(initLine.contains("--force"))
  }

  @Test func versionPrintsTheVersion() {
    let result = TestSupport.run(["--version"])
    #expect(result.status == 0)
    #expect(result.output == "stateproof \(StateProof.version)\n")
    #expect(TestSupport.run(["--version", "--yaml"]).status == 2)
  }
}
