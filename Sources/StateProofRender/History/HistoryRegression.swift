/// A row or receipt failing or missing at the latest sign-off that was proven before: when, in
/// words, and its `tone` now.
struct HistoryRegression: Encodable {
  let key: String
  let text: String
  let tone: CellTone
}
