/// What the history templates (`history.html`, `history.md`) render (``HistoryView/page(columns:gridRows:streaks:regressions:)``):
/// the latest sign-off, the trend and its key, the sign-offs newest first, the grid and its key,
/// the streaks, the regressions and the flaky receipts, each list with how many it left out;
/// `view` only for `history.md`, which says what its budget left out.
struct HistoryPage: Encodable {
  @EncodedAsNull var app: String?
  let file: String
  let signOffs: Int
  /// `signOffs` in words (`1 sign-off`, `2 sign-offs`), which a template cannot pluralise.
  let signOffsText: String
  let chain: HistoryChain
  @EncodedAsNull var latest: HistoryLatest?
  let trend: TrendDrawing
  let trendKey: [TrendKeyEntry]
  let points: [HistoryPoint]
  let pointsLeftOut: Int
  let columns: [HistoryColumn]
  let columnsLeftOut: Int
  let grid: [HistoryGridRow]
  let gridLeftOut: Int
  let gridHidden: Int
  /// `gridHidden` in words (`1 row`, `2 rows`).
  let gridHiddenText: String
  let cellKey: [HistoryCell]
  let streaks: [HistoryStreak]
  let streaksLeftOut: Int
  let regressions: [HistoryRegression]
  let regressionsLeftOut: Int
  let flaky: [HistoryFlaky]
  var view: HistoryTrim?
}
