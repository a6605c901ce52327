import StateProofModel

/// A sign-off in the history's table: which, its time (null when it has none), its verdict and
/// that verdict's `tone`, and its rows counted by standing.
struct HistoryPoint: Encodable {
  let signOff: Int
  let label: String
  let generatedAt: String?
  let verdict: Verdict
  let tone: Tone
  let proven: Int
  let accepted: Int
  let missing: Int
  let failing: Int
  let reachable: Int

  enum CodingKeys: String, CodingKey {
    case signOff, label, generatedAt, verdict, tone, proven, accepted, missing, failing, reachable
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(signOff, forKey: .signOff)
    try container.encode(label, forKey: .label)
    try container.encode(generatedAt, forKey: .generatedAt)
    try container.encode(verdict, forKey: .verdict)
    try container.encode(tone, forKey: .tone)
    try container.encode(proven, forKey: .proven)
    try container.encode(accepted, forKey: .accepted)
    try container.encode(missing, forKey: .missing)
    try container.encode(failing, forKey: .failing)
    try container.encode(reachable, forKey: .reachable)
  }
}
