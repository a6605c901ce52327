/// Why a path could not be resolved through its links.
public enum PathProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The system refused to resolve `path` (`reason` is its message).
  case system(path: String, reason: String)
  /// `path` is a symbolic link whose target does not exist.
  case danglingLink(path: String)

  public var description: String {
    switch self {
    case .system(let path, let reason): "\(path): \(reason)"
    case .danglingLink(let path): "\(path) is a link that leads nowhere"
    }
  }
}
