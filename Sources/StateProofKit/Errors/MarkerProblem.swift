/// Why a report folder's marker file does not say which files StateProof wrote there.
public enum MarkerProblem: Sendable, Hashable, CustomStringConvertible {
  case notARegularFile
  case unreadable
  /// Larger than StateProof reads (`limit` in bytes).
  case tooLarge(limit: Int)
  /// Not JSON a StateProof run writes.
  case notStateProof
  /// It lists a file StateProof never writes.
  case listsForeignFile(String)

  public var description: String {
    switch self {
    case .notARegularFile: "is not a regular file"
    case .unreadable: "cannot be read"
    case .tooLarge(let limit): "is larger than \(limit >> 20) MB"
    case .notStateProof: "is not a StateProof marker"
    case .listsForeignFile(let name): "lists \"\(name)\", which StateProof never writes"
    }
  }
}
