/// A partial source with no templates, for templates that use no partials.
public struct NoPartials: PartialSource {
  public init() {}

  public func template(named name: String) throws -> Template? { nil }
}
