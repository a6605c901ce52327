import Mustache
import Testing

/// A memo writes a top-level section again only when a name it reads from the data resolves to
/// something else; whatever it keeps, the output is the template's output for that data.
@Suite struct RenderMemoTests {
  private let template = try! Template(
    """
    # {{title}}
    {{#show.rows}}
    {{#rows}}
    - {{name}}{{#show.detail}}: {{detail}}{{/show.detail}}{{missing}}
    {{/rows}}
    {{/show.rows}}
    {{^show.rows}}
    (no rows)
    {{/show.rows}}
    {{#notes}}
    > {{.}}
    {{/notes}}
    """)

  private func data(title: String, rows: Bool, detail: Bool, notes: [TemplateValue], list: TemplateValue)
    -> TemplateValue
  {
    [
      "title": .string(title), "show": ["rows": .bool(rows), "detail": .bool(detail)], "rows": list,
      "notes": .list(notes),
    ]
  }

  @Test func outputIsAlwaysTheTemplatesAndOnlyChangedSectionsRenderAgain() throws {
    let rows: TemplateValue = .list((1...50).map { ["name": .string("row \($0)"), "detail": .string("d\($0)")] })
    let memo = RenderMemo()
    let steps = [
      data(title: "a", rows: true, detail: true, notes: ["n"], list: rows),
      data(title: "b", rows: true, detail: true, notes: ["n"], list: rows),
      data(title: "b", rows: true, detail: false, notes: ["n", "m"], list: rows),
      data(title: "c", rows: true, detail: true, notes: ["n"], list: rows),
      data(title: "c", rows: false, detail: true, notes: [], list: rows),
      data(title: "c", rows: true, detail: true, notes: ["n"], list: .list([["name": "other", "detail": "x"]])),
    ]
    for value in steps {
      let fresh = try template.render(value, escaping: .none)
      #expect(try template.render(value, partials: NoPartials(), escaping: .none, strict: false, memo: memo) == fresh)
    }
    // Reused: step 2 all three sections (only the title changed); step 3 the inverted section;
    // step 4 all three (as in step 1); step 5 none; step 6 the inverted section and the notes.
    #expect(memo.reused == 3 + 1 + 3 + 0 + 2)
    #expect(memo.rendered == 3 * steps.count - memo.reused)
  }

  /// A name a section finds nowhere is a read too: once the data has it, the section renders again.
  @Test func aNameFoundNowhereIsRememberedAsMissing() throws {
    let memo = RenderMemo()
    let rows: TemplateValue = .list([["name": "r", "detail": "d"]])
    var value = data(title: "t", rows: true, detail: false, notes: [], list: rows)
    _ = try template.render(value, partials: NoPartials(), escaping: .none, strict: false, memo: memo)
    guard case .object(var members) = value else { return }
    members["missing"] = "!"
    value = .object(members)
    let output = try template.render(value, partials: NoPartials(), escaping: .none, strict: false, memo: memo)
    #expect(output.contains("- r!"))
    #expect(output == (try template.render(value, escaping: .none)))
  }
}
