/// A row or receipt open at the latest sign-off: for how many sign-offs, in words, the latest
/// acceptance's `reason` and end date (`until`; both null when none), and its `tone`.
struct HistoryStreak: Encodable {
  let key: String
  let count: Int
  let text: String
  let reason: String?
  let until: String?
  let tone: CellTone

  enum CodingKeys: String, CodingKey { case key, count, text, reason, until, tone }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key, forKey: .key)
    try container.encode(count, forKey: .count)
    try container.encode(text, forKey: .text)
    try container.encode(reason, forKey: .reason)
    try container.encode(until, forKey: .until)
    try container.encode(tone, forKey: .tone)
  }
}
