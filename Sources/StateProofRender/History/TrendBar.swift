/// One sign-off's bar of a trend chart: its stacked `segments`, the verdict's mark under it, the
/// tooltip `title`, and the label written under it (`tick`, null where none is).
struct TrendBar: Encodable, Sendable {
  let x: Int
  let width: Int
  let title: String
  let segments: [TrendSegment]
  let verdictY: Int
  let verdictHeight: Int
  let verdictFill: String
  let tick: String?
  let tickX: Int
  let tickY: Int

  enum CodingKeys: String, CodingKey {
    case x, width, title, segments, verdictY, verdictHeight, verdictFill, tick, tickX, tickY
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(x, forKey: .x)
    try container.encode(width, forKey: .width)
    try container.encode(title, forKey: .title)
    try container.encode(segments, forKey: .segments)
    try container.encode(verdictY, forKey: .verdictY)
    try container.encode(verdictHeight, forKey: .verdictHeight)
    try container.encode(verdictFill, forKey: .verdictFill)
    try container.encode(tick, forKey: .tick)
    try container.encode(tickX, forKey: .tickX)
    try container.encode(tickY, forKey: .tickY)
  }
}
