import Mustache
import Testing

@Suite struct TemplateErrorTests {
  private func parseError(_ source: String, name: String = "report.html.mustache") -> TemplateError? {
    do {
      _ = try Template(source, name: name)
      return nil
    } catch {
      return error as? TemplateError
    }
  }

  @Test func unclosedSectionNamesTheOpeningTag() throws {
    let error = try #require(parseError("<table>\n  {{#rows}}\n    <tr>{{name}}</tr>\n"))
    #expect(error.description == "report.html.mustache:2:3: section \"rows\" is never closed")
  }

  @Test func unclosedInvertedSectionIsNamedAsSuch() throws {
    let error = try #require(parseError("{{^rows}}none"))
    #expect(error.message == "inverted section \"rows\" is never closed")
    #expect((error.line, error.column) == (1, 1))
  }

  @Test func unclosedTagPointsAtItsDelimiter() throws {
    let error = try #require(parseError("line one\nsee {{name"))
    #expect((error.line, error.column) == (2, 5))
    #expect(error.message.contains("never closed"))
  }

  @Test func mismatchedCloseNamesBothTags() throws {
    let error = try #require(parseError("{{#a}}\n{{#b}}\n{{/a}}\n{{/b}}"))
    #expect(
      error.description == "report.html.mustache:3:1: closing tag \"a\" does not match section \"b\" opened at 2:1")
  }

  @Test func closeWithoutOpen() throws {
    let error = try #require(parseError("text {{/rows}}"))
    #expect(error.description == "report.html.mustache:1:6: closing tag \"rows\" has no matching opening tag")
  }

  @Test(arguments: ["{{=<% =}}", "{{=<% %> x=}}", "{{=<= =>=}}"])
  func badSetDelimiter(_ source: String) throws {
    let error = try #require(parseError(source))
    #expect(error.message.hasPrefix("set-delimiter tag needs two delimiters"))
  }

  @Test func longDelimitersAreRefusedAndTheLongestAllowedScans() throws {
    // A delimiter that almost matches at every position made scanning quadratic in its length.
    let long = String(repeating: "a", count: 8000) + "q"
    let error = try #require(parseError("x\n {{=\(long) b=}}" + String(repeating: "a", count: 16000)))
    #expect(error.message == "set-delimiter tag's delimiters may be at most 32 characters long")
    #expect((error.line, error.column) == (2, 2))
    let longest = String(repeating: "<", count: 32)
    let template = try Template("{{=\(longest) >=}}[\(longest)name>]")
    #expect(try template.render(["name": "n"]) == "[n]")
  }

  @Test(arguments: ["{{a b}}", "{{a..b}}", "{{}}", "{{#.x}}{{/.x}}"])
  func invalidNames(_ source: String) throws {
    let error = try #require(parseError(source))
    #expect((error.line, error.column) == (1, 1))
  }

  @Test func columnsCountAfterMultilineComments() throws {
    let error = try #require(parseError("{{!\ncomment\n}} {{/x}}"))
    #expect((error.line, error.column) == (3, 4))
  }

  @Test func unclosedBlockInParent() throws {
    let error = try #require(parseError("{{<page}}\n{{$body}}\n{{/page}}", name: "child"))
    #expect(error.description == "child:3:1: closing tag \"page\" does not match block \"body\" opened at 2:1")
  }
}
