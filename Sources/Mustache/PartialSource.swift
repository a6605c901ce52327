/// Where `{{>name}}` and `{{<name}}` find their templates.
public protocol PartialSource: Sendable {
  /// The template called `name`, or nil when this source has none by that name.
  func template(named name: String) throws -> Template?
}
