/// A message or cause as tables show it (``MessageView``): its first line, the rest (null for
/// none), and for Markdown the first line cut short.
struct MessageLinesView: Encodable {
  let first: String
  let rest: String?
  let short: String

  enum CodingKeys: String, CodingKey { case first, rest, short }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(first, forKey: .first)
    try container.encode(rest, forKey: .rest)
    try container.encode(short, forKey: .short)
  }
}
