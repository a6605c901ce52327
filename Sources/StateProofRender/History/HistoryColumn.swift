/// A sign-off as a column of the history's grid: which, and a `title` naming it, its time and
/// verdict.
struct HistoryColumn: Encodable {
  let signOff: Int
  let label: String
  let title: String
}
