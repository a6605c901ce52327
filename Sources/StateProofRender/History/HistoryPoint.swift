import StateProofModel

/// A sign-off in the history's table: which, its time (null when it has none), its verdict and
/// that verdict's `tone`, and its rows counted by standing.
struct HistoryPoint: Encodable {
  let signOff: Int
  let label: String
  @EncodedAsNull var generatedAt: String?
  let verdict: Verdict
  let tone: Tone
  let proven: Int
  let accepted: Int
  let missing: Int
  let failing: Int
  let reachable: Int
}
