/// Why an evidence path given to `report` or `inspect` cannot be used at all: a mistyped path or
/// a failed artifact download must stop the run, not read as a report full of gaps.
public enum EvidenceAccessProblem: Sendable, Hashable {
  /// The path is the empty string.
  case empty
  /// Nothing is there (or a link that leads nowhere); `nearest` are the names beside it that it
  /// may have meant.
  case notFound(nearest: [String])
  /// It is there but cannot be opened or listed; `reason` is the system's.
  case unreadable(reason: String)
}
