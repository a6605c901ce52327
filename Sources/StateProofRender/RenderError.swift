import StateProofModel

/// A report could not be rendered: its template is missing, or the Markdown cannot fit its budget.
package enum RenderError: Error, CustomStringConvertible {
  case missingTemplate(String)
  /// Even with every optional section left out, the Markdown takes `needed` bytes.
  case markdownTooLarge(needed: Int, limit: Int)

  package var description: String {
    switch self {
    case .missingTemplate(let name): "no template named \(name).mustache"
    case .markdownTooLarge(let needed, let limit):
      "\(ReportFormat.md.fileName) needs at least \(needed) bytes with every optional section left out; the limit is \(limit)"
    }
  }
}
