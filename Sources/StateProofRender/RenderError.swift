/// A report could not be rendered because its template is missing.
package enum RenderError: Error, CustomStringConvertible {
  case missingTemplate(String)

  package var description: String {
    switch self {
    case .missingTemplate(let name): "no template named \(name).mustache"
    }
  }
}
