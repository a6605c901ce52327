/// The keys and indices leading from the root of a document to a value, written the way
/// configuration errors name a place: `permissions[0].rows.blocked`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  public enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  public var components: [Component]

  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// This path with one more component.
  public func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// Empty for the root.
  public var description: String {
    var text = ""
    for component in components {
      switch component {
      case .key(let key): text += text.isEmpty ? key : ".\(key)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
