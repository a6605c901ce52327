/// A row or receipt open at the latest sign-off: for how many sign-offs, in words, the latest
/// acceptance's `reason` and end date (`until`; both null when none), and its `tone`.
struct HistoryStreak: Encodable {
  let key: String
  let count: Int
  let text: String
  @EncodedAsNull var reason: String?
  @EncodedAsNull var until: String?
  let tone: CellTone
}
