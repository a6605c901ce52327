import Foundation
import StateProofModel
import Testing
import StateProofTestSupport

/// The "what to do" of every finding code is one piece of data (`FindingCode.remedy`) that the
/// reports show; the Findings guide's table (docs/findings.md) must say the same, code by code, so
/// the two never drift.
@Suite struct FindingRemedyTests {
  /// docs/findings.md's table: each code with its "What to do" cell as plain text (code spans and
  /// links reduced to their text).
  static func readmeRemedies() throws -> [String: String] {
    let readme = try String(
      contentsOf: PackageRoot.url("docs/findings.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "\n| Code | Severity | What it means | What to do |\n"))
    let end = readme.range(of: "\n## ", range: section.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
    var remedies: [String: String] = [:]
    for line in readme[section.upperBound..<end].split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      // "", code, severity, what it means, what to do, ""
      guard cells.count == 6 else {
        Issue.record("a Findings row without exactly four cells: \(line)")
        continue
      }
      let code = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      #expect(remedies[code] == nil, "\(code) is in the table twice")
      remedies[code] = plain(cells[4])
    }
    return remedies
  }

  /// Markdown inline text as a reader sees it: `[text](link)` as text, code spans without backticks.
  static func plain(_ markdown: String) -> String {
    markdown.replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
      .replacingOccurrences(of: "`", with: "")
  }

  @Test func theFindingsGuideSaysWhatToDoAboutEveryCodeAsTheReportsDo() throws {
    let readme = try Self.readmeRemedies()
    for code in FindingCode.allCases {
      #expect(!code.remedy.isEmpty)
      #expect(!code.remedy.contains("\n"), "\(code.rawValue): one line")
      #expect(
        readme[code.rawValue] == code.remedy,
        "\(code.rawValue): docs/findings.md says \(readme[code.rawValue] ?? "nothing")")
    }
    #expect(
      Set(readme.keys) == Set(FindingCode.allCases.map(\.rawValue)),
      "docs/findings.md lists codes the tool does not have")
  }

  @Test func plainTextDropsMarkdownMarkupOnly() {
    #expect(Self.plain("write it (see [Devices](#devices)), or `run` it") == "write it (see Devices), or run it")
  }
}
