/// Partials given as source text by name; each is parsed when first used in a render.
extension Dictionary: PartialSource where Key == String, Value == String {
  public func template(named name: String) throws -> Template? {
    try self[name].map { try Template($0, name: name) }
  }
}
