import Foundation
import Testing

/// Checks Markdown tables the way GitHub draws them: through `cmark-gfm --extension table`.
enum GFMTables {
  /// The `cmark-gfm` executable, when the machine has one (CI installs it).
  static let executable: URL? = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm", "/opt/homebrew/bin/cmark-gfm"]
    .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

  /// `markdown` as HTML, raw HTML kept (`--unsafe`) so that anything injected would show.
  static func html(_ markdown: Data) throws -> String {
    let file = try TestSupport.temporaryFolder().appendingPathComponent("report.md")
    try markdown.write(to: file)
    return try TestSupport.runProgram(
      try #require(executable).path, ["--extension", "table", "--unsafe", file.path]
    ).output
  }

  /// Problems with the tables in `html`: a body row whose cell count differs from its header's.
  /// Returns the number of body rows of each table, in order.
  static func bodyRows(_ html: String) -> (rows: [Int], problems: [String]) {
    var rows: [Int] = []
    var problems: [String] = []
    for table in html.components(separatedBy: "<table>").dropFirst() {
      let body = table.components(separatedBy: "</table>")[0]
      let parts = body.components(separatedBy: "<tbody>")
      let columns = cells("th", in: parts[0])
      let bodyRows = parts.count > 1 ? parts[1].components(separatedBy: "<tr>").dropFirst() : []
      rows.append(bodyRows.count)
      for (index, row) in bodyRows.enumerated() {
        let count = cells("td", in: row)
        if count != columns {
          problems.append("table \(rows.count) row \(index + 1): \(count) cells, header has \(columns)")
        }
      }
    }
    return (rows, problems)
  }

  /// How many `<th>`/`<td>` cells `html` opens (with or without attributes).
  private static func cells(_ tag: String, in html: String) -> Int {
    html.components(separatedBy: "<\(tag)>").count - 1 + html.components(separatedBy: "<\(tag) ").count - 1
  }

  /// Table lines in the Markdown source whose unescaped `|` count differs from their header's,
  /// which GitHub would silently pad or cut, and lines that continue a table without starting
  /// with `|` (a row broken by a line break).
  static func sourceProblems(_ markdown: String) -> [String] {
    var problems: [String] = []
    var expected: Int?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("|") else {
        if expected != nil && !line.isEmpty { problems.append("a table row continues: \(line.prefix(120))") }
        expected = nil
        continue
      }
      var pipes = 0
      var escaped = false
      for character in line {
        if character == "|" && !escaped { pipes += 1 }
        escaped = character == "\\" && !escaped
      }
      if let expected, pipes != expected {
        problems.append("\(pipes - 1) cells, header has \(expected - 1): \(line.prefix(120))")
      }
      expected = expected ?? pipes
    }
    return problems
  }
}
