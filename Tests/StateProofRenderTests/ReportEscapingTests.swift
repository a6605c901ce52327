import Mustache
import StateProofRender
import Testing

/// StateProof's own escapings (beside the engine's HTML and none): Markdown that renders
/// literally, and text that stays visible and inert in every output.
@Suite struct ReportEscapingTests {
  @Test func markdownBackslashEscapesPunctuation() {
    #expect(
      Escaping.markdown.escape(##"a|b *c* _d_ `e` [f](g) ![h] <i> #j ~k~ \l &m"##)
        == ##"a\|b \*c\* \_d\_ \`e\` \[f\](g) \!\[h\] \<i\> \#j \~k\~ \\l \&m"##)
  }

  @Test func markdownTurnsEachLineBreakAndTabIntoOneSpace() {
    #expect(Escaping.markdown.escape("one\ntwo\r\nthree\rfour\tfive") == "one two three four five")
  }

  @Test func reportHTMLEscapesAsTheEngineDoes() {
    #expect(
      Escaping.reportHTML.escape(#"<a href="x">Tom & Jerry's</a>"#)
        == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    #expect(Escaping.reportHTML.escape("plain text, é ✓") == "plain text, é ✓")
  }

  @Test func renderUsesTheChosenEscapingForEscapedTagsOnly() throws {
    let template = try Template("| {{cell}} | {{{raw}}} | {{&raw}} |")
    let value: TemplateValue = ["cell": "a|b\nc", "raw": "<x>|"]
    #expect(try template.render(value, escaping: .markdown) == #"| a\|b c | <x>| | <x>| |"#)
  }
}

/// Evidence text is visible and inert in every output kind: nothing invisible survives, nothing
/// reorders or clears the screen, and nothing turns into a CI command, a link or a mention.
@Suite struct InertTextTests {
  /// Text that would be invisible, reorder a line, clear a terminal or break a document.
  static let invisible: [(String, String)] = [
    ("\u{0}", #"\x00"#), ("\u{1B}", #"\x1b"#), ("\u{7F}", #"\x7f"#), ("\u{8}", #"\x08"#),
    ("\u{85}", #"\u{0085}"#), ("\u{9B}", #"\u{009B}"#), ("\u{202E}", #"\u{202E}"#),
    ("\u{2066}", #"\u{2066}"#), ("\u{200E}", #"\u{200E}"#), ("\u{61C}", #"\u{061C}"#),
    ("\u{200B}", #"\u{200B}"#), ("\u{200D}", #"\u{200D}"#), ("\u{2060}", #"\u{2060}"#),
    ("\u{FEFF}", #"\u{FEFF}"#), ("\u{AD}", #"\u{00AD}"#), ("\u{2028}", #"\u{2028}"#),
    ("\u{2029}", #"\u{2029}"#), (String(Unicode.Scalar(0xFFFE)!), #"\u{FFFE}"#),
    (String(Unicode.Scalar(0xFDD0)!), #"\u{FDD0}"#),
    ("\u{E0041}", #"\u{E0041}"#),
  ]

  /// Whether `scalar` is one a reader cannot see or that acts on the display.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
      || [.format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
      || scalar.properties.isNoncharacterCodePoint
  }

  static let hostile = [
    "a\n::error file=x::y", "\u{1B}[2J\u{1B}[31mred", "abc\u{202E}gnp.exe", "zero\u{200B}width",
    "nul\u{0}byte", "@octocat", "https://evil.example", "www.evil.example", "#123 GH-123",
    "mail a@b.example", "\r\n##[error]x ##vso[task.setvariable variable=x]y", "  ::warning::w",
  ]

  @Test(arguments: invisible)
  func invisibleCharactersBecomeVisibleEscapes(text: String, escaped: String) {
    #expect(Escaping.terminal.escape("a\(text)b") == "a\(escaped)b")
    #expect(Escaping.reportHTML.escape("a\(text)b") == "a\(escaped)b")
    #expect(Escaping.markdown.escape("a\(text)b") == "a\\\(escaped)b", "the escape's backslash renders")
  }

  @Test(arguments: hostile)
  func noOutputKindLetsAnInvisibleCharacterThrough(text: String) {
    for escaping in [Escaping.terminal, .markdown, .reportHTML] {
      #expect(
        !escaping.escape(text).unicodeScalars.contains(where: {
          Self.isInvisible($0) && $0 != "\n" && $0 != "\t" && $0 != "\r"
        }))
    }
    #expect(!Escaping.terminal.escape(text).unicodeScalars.contains(where: Self.isInvisible))
    #expect(!Escaping.markdown.escape(text).contains("\n") && !Escaping.markdown.escape(text).contains("\r"))
  }

  @Test func htmlKeepsTabsAndLineBreaksAndPlainText() {
    #expect(Escaping.reportHTML.escape("a\tb\nc\r\nd") == "a\tb\nc\r\nd")
    #expect(Escaping.reportHTML.escape("plain text, é ✓ 中文 👩‍💻") == #"plain text, é ✓ 中文 👩\u{200D}💻"#)
    #expect(Escaping.reportHTML.escape("x\u{0}\"<y>") == #"x\x00&quot;&lt;y&gt;"#)
  }

  @Test func terminalTextIsOneLine() {
    #expect(Escaping.terminal.escape("a\nb\r\nc\td") == #"a\nb\r\nc\td"#)
    #expect(Escaping.terminal.escape("\u{1B}[2J") == #"\x1b[2J"#)
  }

  @Test(arguments: [
    ("::error file=x::y", #"\x3a:error file=x::y"#),
    ("  ::warning::w", #"  \x3a:warning::w"#),
    ("\u{A0}\u{2003}::notice::n", "\u{A0}\u{2003}\\x3a:notice::n"),
    (":", #"\x3a"#),
    ("a::b", "a::b"),
    ("x ##[error]y", #"x ##\x5berror]y"#),
    ("###[add-mask]s", #"###\x5badd-mask]s"#),
    ("##vso[task.setvariable variable=x]y", #"##vso\x5btask.setvariable variable=x]y"#),
    ("##teamcity[message text='x']", #"##teamcity\x5bmessage text='x']"#),
    ("#[x] #a[b] ##a#[c] [d]", "#[x] #a[b] ##a#[c] [d]"),
  ])
  func terminalTextCannotBeACICommand(text: String, escaped: String) {
    #expect(Escaping.terminal.escape(text) == escaped)
  }

  @Test(arguments: [
    ("@octocat", "@&#8203;octocat"),
    ("@org/team", "@&#8203;org/team"),
    ("mail a@b.example", "mail a@&#8203;b.example"),
    ("https://evil.example/x", "https:&#8203;//evil.example/x"),
    ("HTTP://EVIL.example", "HTTP:&#8203;//EVIL.example"),
    ("ftp://x", "ftp:&#8203;//x"),
    ("www.evil.example", "www&#8203;.evil.example"),
    ("WwW.evil.example", "WwW&#8203;.evil.example"),
    ("fixes #123", ##"fixes \#&#8203;123"##),
    ("owner/repo#9", ##"owner/repo\#&#8203;9"##),
    ("GH-123 gh-7", "GH-&#8203;123 gh-&#8203;7"),
    ("#tag GH-x ww.x w.w", ##"\#tag GH-x ww.x w.w"##),
  ])
  func markdownNeverLinksOrMentions(text: String, escaped: String) {
    #expect(Escaping.markdown.escape(text) == escaped)
  }
}
