/// What is wrong with a line of a report folder's `SHA256SUMS`.
public enum DigestLineProblem: Sendable, Hashable, CustomStringConvertible {
  /// Not 64 lowercase hex digits, two spaces (or a space and `*`) and a name.
  case notSHA256SumFormat
  /// The name is not a file StateProof writes in a report folder.
  case notAReportFile(name: String)
  /// The name is listed twice.
  case listedTwice(name: String)

  public var description: String {
    switch self {
    case .notSHA256SumFormat: "not a line of sha256sum's format (64 lowercase hex digits, two spaces, a name)"
    case .notAReportFile(let name): "\(name) is not a file StateProof writes in a report folder"
    case .listedTwice(let name): "\(name) is listed twice"
    }
  }
}
