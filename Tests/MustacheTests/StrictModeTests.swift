import Mustache
import Testing

@Suite struct StrictModeTests {
  @Test func missingNameRendersEmptyByDefault() throws {
    let template = try Template("[{{missing}}]")
    #expect(try template.render([:]) == "[]")
  }

  @Test func missingNameIsAnErrorWithItsLocation() throws {
    let template = try Template("Title\n  {{title}} by {{author.name}}", name: "page.mustache")
    #expect(throws: TemplateError.self) { try template.render(["title": "x"], strict: true) }
    do {
      _ = try template.render(["title": "x", "author": [:]], strict: true)
      Issue.record("expected a strict-mode error")
    } catch let error as TemplateError {
      #expect(error.description == "page.mustache:2:16: no value named \"author.name\"")
    }
  }

  @Test func presentButFalseyValuesAreNotErrors() throws {
    let template = try Template("{{#flag}}yes{{/flag}}{{^list}}none{{/list}}{{nothing}}")
    #expect(try template.render(["flag": false, "list": [], "nothing": nil], strict: true) == "none")
  }

  @Test func missingSectionNameIsAnError() throws {
    let template = try Template("{{#rows}}{{/rows}}")
    #expect(throws: TemplateError.self) { try template.render([:], strict: true) }
  }

  @Test func outerContextStillResolvesInStrictMode() throws {
    let template = try Template("{{#rows}}{{name}}@{{site}} {{/rows}}")
    let value: TemplateValue = ["site": "lab", "rows": [["name": "a"], ["name": "b"]]]
    #expect(try template.render(value, strict: true) == "a@lab b@lab ")
  }

  @Test func missingPartialIsAnError() throws {
    let template = try Template("{{>footer}}", name: "main")
    #expect(try template.render([:]) == "")
    do {
      _ = try template.render([:], strict: true)
      Issue.record("expected a strict-mode error")
    } catch let error as TemplateError {
      #expect(error.description == "main:1:1: partial \"footer\" not found")
    }
  }

  @Test func interpolatingAListIsAnError() throws {
    let template = try Template("{{rows}}")
    #expect(try template.render(["rows": [1, 2]]) == "")
    #expect(throws: TemplateError.self) { try template.render(["rows": [1, 2]], strict: true) }
  }

  @Test func runawayPartialRecursionIsAnErrorNotACrash() throws {
    let template = try Template("{{>loop}}")
    #expect(throws: TemplateError.self) { try template.render([:], partials: ["loop": "x{{>loop}}"]) }
  }
}
