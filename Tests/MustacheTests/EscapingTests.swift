import Mustache
import Testing

@Suite struct EscapingTests {
  @Test func htmlEscapesTheFiveSpecialCharacters() {
    #expect(
      Escaping.html.escape(#"<a href="x">Tom & Jerry's</a>"#)
        == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    #expect(Escaping.html.escape("plain text, é ✓") == "plain text, é ✓")
  }

  @Test func markdownBackslashEscapesPunctuation() {
    #expect(
      Escaping.markdown.escape(##"a|b *c* _d_ `e` [f](g) ![h] <i> #j ~k~ \l &m"##)
        == ##"a\|b \*c\* \_d\_ \`e\` \[f\](g) \!\[h\] \<i\> \#j \~k\~ \\l \&m"##)
  }

  @Test func markdownTurnsEachLineBreakIntoOneSpace() {
    #expect(Escaping.markdown.escape("one\ntwo\r\nthree\rfour") == "one two three four")
  }

  @Test func noneIsVerbatim() {
    #expect(Escaping.none.escape("<b>|\n&") == "<b>|\n&")
  }

  @Test func renderUsesTheChosenEscapingForEscapedTagsOnly() throws {
    let template = try Template("| {{cell}} | {{{raw}}} | {{&raw}} |")
    let value: TemplateValue = ["cell": "a|b\nc", "raw": "<x>|"]
    #expect(try template.render(value, escaping: .markdown) == #"| a\|b c | <x>| | <x>| |"#)
    #expect(try template.render(value, escaping: .html) == "| a|b\nc | <x>| | <x>| |")
    #expect(try template.render(value, escaping: .none) == "| a|b\nc | <x>| | <x>| |")
  }
}
