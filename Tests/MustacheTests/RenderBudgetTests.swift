import Testing

@testable import Mustache

/// A template that repeats itself without end stops with an error naming the tag; templates that
/// walk large data, even a list inside a list, render whole.
struct RenderBudgetTests {
  private let data: TemplateValue = ["list": [1, 2, ["x": "y"]], "name": "n"]

  @Test func partialsIncludingTheNextTwiceStop() throws {
    // Sixty partials, each including the next twice: 2^60 renders, within the nesting limit.
    var partials: [String: String] = [:]
    for level in 0..<60 { partials["p\(level)"] = "a{{>p\(level + 1)}}{{>p\(level + 1)}}" }
    let template = try Template("{{>p0}}")
    let error = try #require(throws: TemplateError.self) { try template.render(data, partials: partials) }
    #expect(error.message.hasPrefix("rendering stopped after"))
    #expect(error.message.contains("do partials include one another over and over"))
    #expect(error.templateName.hasPrefix("p"))
  }

  @Test func sectionsOverOneListNestedInsideThemselvesStop() throws {
    // 3^40 iterations without a partial.
    let source = String(repeating: "{{#list}}", count: 40) + "x" + String(repeating: "{{/list}}", count: 40)
    let template = try Template(source, name: "nested.mustache")
    let error = try #require(throws: TemplateError.self) { try template.render(data) }
    #expect(error.templateName == "nested.mustache")
    #expect(error.line == 1)
    #expect(error.message.hasPrefix("rendering stopped after"))
  }

  @Test func outputIsBoundedToo() throws {
    // Three levels over three items write the long text 27 times: within the allowance. Twelve
    // levels would write 531,441 copies of 4 KB.
    let text = String(repeating: "z", count: 4096)
    let three = try Template("{{#list}}{{#list}}{{#list}}\(text){{/list}}{{/list}}{{/list}}")
    #expect(try three.render(data).utf8.count == 27 * 4096)
    let twelve = try Template(
      String(repeating: "{{#list}}", count: 12) + text + String(repeating: "{{/list}}", count: 12))
    #expect(throws: TemplateError.self) { try twelve.render(data) }
  }

  @Test func largeDataAndAListInsideAListRenderWhole() throws {
    let files = TemplateValue.list((0..<20_000).map { TemplateValue.object(["path": .string("f\($0).xml")]) })
    let rows = TemplateValue.list((0..<100).map { TemplateValue.object(["id": .int($0)]) })
    let template = try Template("{{#files}}<li>{{path}}</li>{{/files}}|{{#rows}}{{id}}:{{#files}}.{{/files}}{{/rows}}")
    let output = try template.render(["files": files, "rows": rows])
    #expect(output.utf8.count > 100 * 20_000)
    #expect(output.hasSuffix(String(repeating: ".", count: 20_000)))
  }
}
