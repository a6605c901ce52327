/// One case of the official Mustache spec (github.com/mustache/spec), as the conformance
/// runner and the test suite read it.
public struct SpecTest: Sendable, Decodable, CustomStringConvertible {
  /// The spec file the case comes from, such as `sections.json`.
  public internal(set) var file = ""
  public let name: String
  public let desc: String
  public let data: TemplateValue
  public let template: String
  public let partials: [String: String]?
  public let expected: String

  private enum CodingKeys: String, CodingKey {
    case name, desc, data, template, partials, expected
  }

  /// Renders the case's template with its data and partials, as the spec prescribes
  /// (non-strict, HTML escaping).
  public func render() throws -> String {
    try Template(template, name: name).render(data, partials: partials ?? [:])
  }

  public var description: String { "\(file): \(name)" }
}
