/// A row (or a platform's receipt, `receipt`) of the history's grid, with a cell per sign-off
/// shown.
struct HistoryGridRow: Encodable {
  let key: String
  let receipt: Bool
  let cells: [HistoryGridCell]
}
