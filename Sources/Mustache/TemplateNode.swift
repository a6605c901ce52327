/// One element of a parsed template, rendered in order.
enum TemplateNode: Sendable {
  /// Literal text.
  case text(String)
  /// The start of a template line, with the line's leading whitespace; partial and block
  /// indentation is written here, so it applies per template line and never inside values.
  case lineStart(String)
  /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped).
  case variable(VariableName, escaped: Bool, SourceLocation)
  /// `{{#name}}…{{/name}}` or, when inverted, `{{^name}}…{{/name}}`.
  case section(VariableName, inverted: Bool, [TemplateNode], SourceLocation)
  /// `{{>name}}`, or a parent `{{<name}}…{{/name}}` passing block overrides; the indentation is
  /// set when the tag stands alone on its line.
  case partial(String, indentation: String?, overrides: [String: TemplateBlock], SourceLocation)
  /// `{{$name}}default{{/name}}`, a place a parent's caller may override.
  case block(TemplateBlock)
}

extension TemplateNode {
  /// How many nodes `nodes` holds, counting inside sections, blocks and the overrides passed
  /// to parents: the template's size, from which a render's work allowance grows.
  static func count(in nodes: [TemplateNode]) -> Int {
    nodes.reduce(nodes.count) { total, node in
      switch node {
      case .section(_, _, let children, _): total + count(in: children)
      case .partial(_, _, let overrides, _): overrides.values.reduce(total) { $0 + count(in: $1.nodes) }
      case .block(let block): total + count(in: block.nodes)
      case .text, .lineStart, .variable: total
      }
    }
  }
}
