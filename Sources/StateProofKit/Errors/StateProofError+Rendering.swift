import Mustache
import StateProofRender

extension StateProofError {
  /// The case for an error rendering a page threw: a template's place and message, a missing
  /// template or partial, or a Markdown budget too small.
  /// SPI: `stateproof render` names its own template errors the same way.
  @_spi(CLI) public init(rendering error: any Error) {
    switch error {
    case let error as TemplateError:
      self = .templateSyntax(file: error.templateName, line: error.line, column: error.column, message: error.message)
    case RenderError.missingTemplate(let name) as RenderError: self = .templateMissing(name: name)
    case RenderError.markdownTooLarge(let needed, let limit) as RenderError:
      self = .markdownTooLarge(needed: needed, limit: limit)
    case let error as PartialError: self = .templatePartial(message: error.description)
    default: self = .render(message: "\(error)")
    }
  }
}
