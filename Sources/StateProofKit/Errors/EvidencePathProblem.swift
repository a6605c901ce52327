/// Why an evidence path given to `verify` pairs with none, or more than one, of the paths the
/// report records.
public enum EvidencePathProblem: Sendable, Hashable {
  /// It is none of the recorded paths and ends in none of them.
  case unknown(recorded: [String])
  /// It could be any of these recorded paths.
  case ambiguous(candidates: [String])
  /// `earlier`, given before it, already stands for the same recorded path.
  case givenTwice(earlier: String, recorded: String)
  /// Nothing is there (a mistyped path, evidence not unpacked).
  case notFound
}
