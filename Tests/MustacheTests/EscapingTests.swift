import Foundation
import Mustache
import Testing

/// The engine's escapings: Mustache's HTML escaping, none, and an application's own.
@Suite struct EscapingTests {
  @Test func htmlEscapesTheFiveSpecialCharacters() {
    #expect(
      Escaping.html.escape(#"<a href="x">Tom & Jerry's</a>"#)
        == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    #expect(Escaping.html.escape("plain text, é ✓\ta\nb") == "plain text, é ✓\ta\nb")
  }

  @Test func noneIsVerbatim() {
    #expect(Escaping.none.escape("<b>|\n&") == "<b>|\n&")
  }

  @Test func anApplicationAddsItsOwnEscaping() {
    let shouting = Escaping { text, output in output += text.uppercased() }
    #expect(shouting.escape("a<b") == "A<B")
  }

  @Test func renderUsesTheChosenEscapingForEscapedTagsOnly() throws {
    let template = try Template("| {{cell}} | {{{raw}}} | {{&raw}} |")
    let value: TemplateValue = ["cell": "a|b\nc", "raw": "<x>|"]
    let pipes = Escaping { text, output in output += text.replacingOccurrences(of: "|", with: "\\|") }
    #expect(try template.render(value, escaping: pipes) == "| a\\|b\nc | <x>| | <x>| |")
    #expect(try template.render(value, escaping: .html) == "| a|b\nc | <x>| | <x>| |")
    #expect(try template.render(value, escaping: .none) == "| a|b\nc | <x>| | <x>| |")
  }
}
