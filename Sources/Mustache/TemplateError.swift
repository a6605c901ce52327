/// A template that cannot be parsed or rendered, with the place to look.
///
/// Its description reads like a compiler diagnostic, for example
/// `report.html.mustache:12:5: section "rows" is never closed`.
public struct TemplateError: Error, CustomStringConvertible, Hashable {
  /// The name the template was given when it was created (for directory partials, the file name).
  public let templateName: String
  /// The 1-based line of the offending tag.
  public let line: Int
  /// The 1-based column of the offending tag's opening delimiter.
  public let column: Int
  /// What is wrong, written for the template's author.
  public let message: String

  init(_ message: String, at location: SourceLocation) {
    self.templateName = location.template
    self.line = location.line
    self.column = location.column
    self.message = message
  }

  public var description: String { "\(templateName):\(line):\(column): \(message)" }
}
