import StateProofModel

/// The latest sign-off at the top of the history: which, its release and time (null when it has
/// none), its verdict as a word and as a title, and its counts in a sentence.
struct HistoryLatest: Encodable {
  let signOff: Int
  let label: String
  @EncodedAsNull var release: String?
  @EncodedAsNull var generatedAt: String?
  let verdict: Verdict
  let verdictText: String
  let text: String
}
