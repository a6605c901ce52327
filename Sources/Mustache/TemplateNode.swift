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
