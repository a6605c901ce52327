/// The `view` of `history.md`: what its byte budget left out (`trimmed`, empty when nothing), the
/// budget, and where the whole page is, as text and as a link destination.
struct HistoryTrim: Encodable {
  let trimmed: String
  @EncodedAsNull var maxBytes: Int?
  let htmlPage: String
  let htmlLink: String
}
