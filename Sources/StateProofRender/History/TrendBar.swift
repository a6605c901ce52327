/// One sign-off's bar of a trend chart: its stacked `segments`, the verdict's mark under it, the
/// tooltip `title`, and the label written under it (`tick`, null where none is).
struct TrendBar: Encodable {
  let x: Int
  let width: Int
  let title: String
  let segments: [TrendSegment]
  let verdictY: Int
  let verdictHeight: Int
  let verdictFill: String
  @EncodedAsNull var tick: String?
  let tickX: Int
  let tickY: Int
}
