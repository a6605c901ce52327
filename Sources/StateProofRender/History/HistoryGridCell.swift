/// A cell of the history's grid: the symbol of how the row stood, its `tone` (the cell's class)
/// and a `title` naming the sign-off and the standing in words.
struct HistoryGridCell: Encodable {
  let symbol: String
  let tone: CellTone
  let title: String
}
