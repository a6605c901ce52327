/// The `view` of `history.md`: what its byte budget left out (`trimmed`, empty when nothing), the
/// budget, and where the whole page is, as text and as a link destination.
struct HistoryTrim: Encodable {
  let trimmed: String
  let maxBytes: Int?
  let htmlPage: String
  let htmlLink: String

  enum CodingKeys: String, CodingKey { case trimmed, maxBytes, htmlPage, htmlLink }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(trimmed, forKey: .trimmed)
    try container.encode(maxBytes, forKey: .maxBytes)
    try container.encode(htmlPage, forKey: .htmlPage)
    try container.encode(htmlLink, forKey: .htmlLink)
  }
}
