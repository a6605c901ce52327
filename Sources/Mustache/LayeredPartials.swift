/// Several partial sources searched in order, so that, say, a user's template directory can
/// override the templates shipped with the tool.
public struct LayeredPartials: PartialSource {
  private let sources: [any PartialSource]

  /// The sources, first match wins.
  public init(_ sources: [any PartialSource]) {
    self.sources = sources
  }

  public func template(named name: String) throws -> Template? {
    for source in sources {
      if let template = try source.template(named: name) { return template }
    }
    return nil
  }
}
