/// A parsed Mustache template: parse once, render many times with different values.
///
/// Supports the whole core spec (variables, sections, inverted sections, comments, partials,
/// set delimiters) and template inheritance (`{{<parent}}` with `{{$block}}` overrides).
public struct Template: Sendable {
  /// The name used in error messages, usually the file name.
  public let name: String
  let nodes: [TemplateNode]
  /// How many nodes the template holds, nested ones included.
  let size: Int

  /// Parses `source`.
  /// - Parameters:
  ///   - source: the template text.
  ///   - name: the name errors report, such as `report.html.mustache`.
  /// - Throws: `TemplateError` with the line and column of the first problem.
  public init(_ source: String, name: String = "template") throws {
    self.name = name
    self.nodes = try TemplateParser.parse(source, templateName: name)
    self.size = TemplateNode.count(in: nodes)
  }

  /// Renders the template with `value` at the bottom of the context stack.
  /// - Parameters:
  ///   - value: the data; names are looked up in it.
  ///   - partials: where `{{>name}}` and `{{<name}}` find templates, such as a
  ///     `[String: String]` of sources or `DirectoryPartials`.
  ///   - escaping: how `{{name}}` escapes values for the output format.
  ///   - strict: when true, a name that resolves to nothing or a missing partial is an error
  ///     instead of empty output.
  /// - Returns: the rendered text.
  /// - Throws: `TemplateError` for strict-mode misses and partials that fail to load or parse.
  public func render(
    _ value: TemplateValue, partials: some PartialSource = NoPartials(), escaping: Escaping = .html,
    strict: Bool = false
  ) throws -> String {
    var renderer = TemplateRenderer(value: value, size: size, partials: partials, escaping: escaping, strict: strict)
    try renderer.render(nodes[...])
    return renderer.output
  }

  /// ``render(_:partials:escaping:strict:)``, writing each top-level section from `memo` when
  /// the names it reads from `value` resolve as they did when it was remembered (the same
  /// output), and remembering the sections it renders. For rendering the same template many
  /// times over data that changes in a few places.
  package func render(
    _ value: TemplateValue, partials: some PartialSource, escaping: Escaping, strict: Bool, memo: RenderMemo
  ) throws -> String {
    var renderer = TemplateRenderer(value: value, size: size, partials: partials, escaping: escaping, strict: strict)
    try renderer.render(nodes, memo: memo)
    return renderer.output
  }
}
