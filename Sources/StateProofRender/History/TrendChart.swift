import StateProofModel

/// The trend as an SVG drawing's numbers, for the `trend.svg` partial: one stacked bar per
/// sign-off (rows proven, accepted, missing and failing, from the bottom up), a mark under it in
/// the verdict's colour, and a `<title>` per bar that a browser shows as its tooltip. No script:
/// the report's Content-Security-Policy allows none. Integer coordinates, so the same points
/// draw the same bytes everywhere.
package enum TrendChart {
  /// A chart's proportions.
  package struct Style: Sendable {
    var barWidth: Int
    var gap: Int
    var plotHeight: Int
    /// Whether releases are written under the bars (as many as fit).
    var ticks: Bool
  }

  /// The small trend on a report's first screen.
  package static let compact = Style(barWidth: 14, gap: 4, plotHeight: 44, ticks: false)
  /// The history page's trend.
  package static let full = Style(barWidth: 16, gap: 6, plotHeight: 150, ticks: true)

  /// Each standing's colour, bottom to top (the report's tones: ok, muted, warning, error).
  static let layers: [(standing: RowStanding, fill: String)] = [
    (.proven, "#1a7f37"), (.accepted, "#8c959f"), (.missing, "#d4a72c"), (.failing, "#cf222e"),
  ]
  static let readyFill = "#1a7f37"
  static let notReadyFill = "#cf222e"

  /// The chart of `points` (oldest first) with these labels under them.
  static func drawing(_ points: [TrendPoint], labels: [String], style: Style, caption: String) -> TrendDrawing {
    let top = 4
    let baseline = top + style.plotHeight
    let verdictY = baseline + 3
    let verdictHeight = 5
    // Labels are written slanted up to the left from under their bar, ending there: room on the
    // left for the first one and under the bars for the longest (10 characters).
    let left = style.ticks ? 48 : 0
    let tickY = verdictY + verdictHeight + 10
    let height = style.ticks ? tickY + 44 : verdictY + verdictHeight + 1
    let step = style.barWidth + style.gap
    let width = left + max(style.barWidth, points.count * step - style.gap)
    let most = max(1, points.map(\.counts.reachable).max() ?? 1)
    // A tick every so many bars, so that slanted labels (about 14 px apart) do not overlap; the
    // last sign-off always has one, the one before it gives way.
    let tickEvery = max(1, (14 + step - 1) / step)
    var bars: [TrendBar] = []
    for (index, point) in points.enumerated() {
      let x = left + index * step
      var segments: [TrendSegment] = []
      var below = 0
      for layer in layers {
        let count = count(point.counts, layer.standing)
        guard count > 0 else { continue }
        let bottom = baseline - scaled(below, most, style.plotHeight)
        below += count
        let top = baseline - scaled(below, most, style.plotHeight)
        guard bottom > top else { continue }
        segments.append(TrendSegment(x: x, y: top, width: style.barWidth, height: bottom - top, fill: layer.fill))
      }
      let label = index < labels.count ? labels[index] : "#\(point.signOff)"
      let last = points.count - 1
      let showsTick =
        style.ticks && (index == last || (index % tickEvery == 0 && last - index >= tickEvery))
      bars.append(
        TrendBar(
          x: x, width: style.barWidth, title: title(point, label: label), segments: segments, verdictY: verdictY,
          verdictHeight: verdictHeight, verdictFill: point.verdict == .ready ? readyFill : notReadyFill,
          tick: showsTick ? short(label) : nil, tickX: x + style.barWidth / 2, tickY: tickY))
    }
    return TrendDrawing(width: width, height: height, caption: caption, bars: bars)
  }

  /// `value` of `most` in `height` pixels, rounded to the nearest.
  private static func scaled(_ value: Int, _ most: Int, _ height: Int) -> Int {
    (value * height + most / 2) / most
  }

  static func count(_ counts: SignOffCounts, _ standing: RowStanding) -> Int {
    switch standing {
    case .proven: counts.proven
    case .accepted: counts.accepted
    case .missing: counts.missing
    case .failing: counts.failing
    case .unreachable: counts.unreachable
    }
  }

  /// The tooltip: which sign-off, its verdict and its counts.
  static func title(_ point: TrendPoint, label: String) -> String {
    let counts = point.counts
    let time = point.generatedAt.map { " · \($0)" } ?? ""
    let verdict = point.verdict == .ready ? "ready" : "not ready"
    return "#\(point.signOff) · \(label)\(time): \(verdict); \(counts.proven) proven, \(counts.accepted) accepted, "
      + "\(counts.missing) missing, \(counts.failing) failing of \(counts.reachable) rows"
  }

  /// A label cut to 10 characters for under a bar (the tooltip has it whole).
  private static func short(_ label: String) -> String {
    label.count > 10 ? String(label.prefix(9)) + "…" : label
  }
}
