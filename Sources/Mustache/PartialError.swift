/// A partial that a partial source refuses or cannot read.
public enum PartialError: Error, CustomStringConvertible, Hashable {
  /// The name could leave the partials directory or is empty.
  case invalidName(String)
  /// The partial's file exists but cannot be read as UTF-8 text.
  case unreadable(path: String, reason: String)

  public var description: String {
    switch self {
    case .invalidName(let name):
      "partial name \"\(name)\" is not allowed: names must be non-empty and contain no \"/\", \"\\\" or \"..\""
    case .unreadable(let path, let reason):
      "cannot read partial \(path): \(reason)"
    }
  }
}
