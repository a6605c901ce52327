/// Whether the history's chain of line digests holds, the first line where it breaks (null when
/// it holds), and a sentence saying so.
struct HistoryChain: Encodable {
  let intact: Bool
  @EncodedAsNull var brokenLine: Int?
  let text: String
}
