/// What the history templates (`history.html`, `history.md`) render (``HistoryView/page(columns:gridRows:streaks:regressions:)``):
/// the latest sign-off, the trend and its key, the sign-offs newest first, the grid and its key,
/// the streaks, the regressions and the flaky receipts, each list with how many it left out;
/// `view` only for `history.md`, which says what its budget left out.
struct HistoryPage: Encodable {
  let app: String?
  let file: String
  let signOffs: Int
  let chain: HistoryChain
  let latest: HistoryLatest?
  let trend: TrendDrawing
  let trendKey: [TrendKeyEntry]
  let points: [HistoryPoint]
  let pointsLeftOut: Int
  let columns: [HistoryColumn]
  let columnsLeftOut: Int
  let grid: [HistoryGridRow]
  let gridLeftOut: Int
  let gridHidden: Int
  let cellKey: [HistoryCell]
  let streaks: [HistoryStreak]
  let streaksLeftOut: Int
  let regressions: [HistoryRegression]
  let regressionsLeftOut: Int
  let flaky: [HistoryFlaky]
  var view: HistoryTrim?

  enum CodingKeys: String, CodingKey {
    case app, file, signOffs, chain, latest, trend, trendKey, points, pointsLeftOut, columns, columnsLeftOut, grid
    case gridLeftOut, gridHidden, cellKey, streaks, streaksLeftOut, regressions, regressionsLeftOut, flaky, view
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(app, forKey: .app)
    try container.encode(file, forKey: .file)
    try container.encode(signOffs, forKey: .signOffs)
    try container.encode(chain, forKey: .chain)
    try container.encode(latest, forKey: .latest)
    try container.encode(trend, forKey: .trend)
    try container.encode(trendKey, forKey: .trendKey)
    try container.encode(points, forKey: .points)
    try container.encode(pointsLeftOut, forKey: .pointsLeftOut)
    try container.encode(columns, forKey: .columns)
    try container.encode(columnsLeftOut, forKey: .columnsLeftOut)
    try container.encode(grid, forKey: .grid)
    try container.encode(gridLeftOut, forKey: .gridLeftOut)
    try container.encode(gridHidden, forKey: .gridHidden)
    try container.encode(cellKey, forKey: .cellKey)
    try container.encode(streaks, forKey: .streaks)
    try container.encode(streaksLeftOut, forKey: .streaksLeftOut)
    try container.encode(regressions, forKey: .regressions)
    try container.encode(regressionsLeftOut, forKey: .regressionsLeftOut)
    try container.encode(flaky, forKey: .flaky)
    try container.encodeIfPresent(view, forKey: .view)
  }
}
