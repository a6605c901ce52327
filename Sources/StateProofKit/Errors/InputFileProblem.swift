/// Why a file that is not evidence (a configuration, baseline, template, statement) was not read.
public enum InputFileProblem: Sendable, Hashable, CustomStringConvertible {
  /// It cannot be opened or read, or is not a regular file; `reason` is worded for the user.
  case unreadable(reason: String)
  /// It is larger than StateProof reads.
  case tooLarge(bytes: Int, limit: Int)
  /// It grew past the limit while it was read.
  case grew(limit: Int)

  public var description: String {
    switch self {
    case .unreadable(let reason): reason
    case .tooLarge(let bytes, let limit): "the file is \(bytes) bytes; at most \(limit) are read"
    case .grew(let limit): "the file grew past \(limit) bytes while it was read"
    }
  }
}
