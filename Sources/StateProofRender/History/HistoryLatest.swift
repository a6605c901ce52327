import StateProofModel

/// The latest sign-off at the top of the history: which, its release and time (null when it has
/// none), its verdict as a word and as a title, and its counts in a sentence.
struct HistoryLatest: Encodable {
  let signOff: Int
  let label: String
  let release: String?
  let generatedAt: String?
  let verdict: Verdict
  let verdictText: String
  let text: String

  enum CodingKeys: String, CodingKey { case signOff, label, release, generatedAt, verdict, verdictText, text }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(signOff, forKey: .signOff)
    try container.encode(label, forKey: .label)
    try container.encode(release, forKey: .release)
    try container.encode(generatedAt, forKey: .generatedAt)
    try container.encode(verdict, forKey: .verdict)
    try container.encode(verdictText, forKey: .verdictText)
    try container.encode(text, forKey: .text)
  }
}
