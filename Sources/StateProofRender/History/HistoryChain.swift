/// Whether the history's chain of line digests holds, the first line where it breaks (null when
/// it holds), and a sentence saying so.
struct HistoryChain: Encodable {
  let intact: Bool
  let brokenLine: Int?
  let text: String

  enum CodingKeys: String, CodingKey { case intact, brokenLine, text }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(intact, forKey: .intact)
    try container.encode(brokenLine, forKey: .brokenLine)
    try container.encode(text, forKey: .text)
  }
}
