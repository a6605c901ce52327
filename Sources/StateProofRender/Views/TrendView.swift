import StateProofModel

/// The report's history trend with `chart`, the small trend ``TrendChart`` draws, and `text`,
/// what it shows in words.
struct TrendView: ModelView {
  let model: HistoryTrend

  enum ViewKeys: String, CodingKey, CaseIterable { case chart, text }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    let points = model.points
    let ready = points.count { $0.verdict == .ready }
    let text =
      "Sign-off #\(model.earlier + 1) of the history \(model.file); the last \(points.count), this one last: "
      + "\(ready) ready, \(points.count - ready) not ready."
    let chart = TrendChart.drawing(
      points, labels: points.map { $0.release ?? "#\($0.signOff)" }, style: TrendChart.compact,
      caption: "Rows proven, accepted, missing and failing at the last \(CountText.counted(points.count, "sign-off"))")
    try container.encode(chart, forKey: .chart)
    try container.encode(text, forKey: .text)
  }
}
