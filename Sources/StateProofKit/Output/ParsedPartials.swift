import Mustache

/// Templates read and parsed up front (`--templates`), by partial name: what was hashed for the
/// report's record is exactly what renders.
struct ParsedPartials: PartialSource {
  let templates: [String: Template]

  func template(named name: String) throws -> Template? { templates[name] }
}
