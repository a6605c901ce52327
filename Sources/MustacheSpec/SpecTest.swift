import Mustache

/// One case of the official Mustache spec (github.com/mustache/spec), as the conformance
/// runner and the test suite read it.
package struct SpecTest: Sendable, Decodable, CustomStringConvertible {
  /// The spec file the case comes from, such as `sections.json`.
  package internal(set) var file = ""
  package let name: String
  package let desc: String
  package let data: TemplateValue
  package let template: String
  package let partials: [String: String]?
  package let expected: String

  private enum CodingKeys: String, CodingKey {
    case name, desc, data, template, partials, expected
  }

  /// Renders the case's template with its data and partials, as the spec prescribes
  /// (non-strict, HTML escaping).
  package func render() throws -> String {
    try Template(template, name: name).render(data, partials: partials ?? [:])
  }

  package var description: String { "\(file): \(name)" }
}
