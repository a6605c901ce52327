import StateProofModel

/// What the history templates (`history.html`, `history.md`) see: the latest sign-off, the trend
/// (``TrendChart``), the row × sign-off grid of the rows that changed or are open, the streaks
/// (open for so many sign-offs, accepted since), the regressions (proven before, failing or
/// missing now) and the receipts that passed only on retry. Worked out here from the typed
/// records; every text from them is escaped by the template's escaping.
package struct HistoryView: Sendable {
  let records: [SignOffRecord]
  let labels: [String]
  let timelines: [RowTimeline]
  /// The timelines the grid shows: those that changed or are open at the latest sign-off.
  let shown: [RowTimeline]
  /// The history file, as given.
  let file: String
  /// The first line whose link is broken, nil when the chain holds.
  let brokenLine: Int?

  package init(_ history: SignOffHistory, file: String) {
    records = history.records
    labels = records.map(\.label)
    timelines = RowTimeline.timelines(records)
    shown = timelines.filter { $0.changed || $0.isOpen }
    self.file = file
    brokenLine = history.firstBrokenLine
  }

  /// The page both templates render. `columns` is how many of the last sign-offs the grid and
  /// the table of sign-offs show (nil: all); `gridRows`, `streaks` and `regressions` how many of
  /// each are listed (nil: all).
  func page(columns: Int? = nil, gridRows: Int? = nil, streaks: Int? = nil, regressions: Int? = nil) -> HistoryPage {
    let firstColumn = columns.map { max(0, records.count - $0) } ?? 0
    let streakList = self.streakList()
    let regressionList = self.regressionList()
    let gridRows = min(shown.count, gridRows ?? shown.count)
    let streaks = min(streakList.count, streaks ?? streakList.count)
    let regressions = min(regressionList.count, regressions ?? regressionList.count)
    return HistoryPage(
      app: records.last?.app, file: file, signOffs: records.count,
      signOffsText: CountText.counted(records.count, "sign-off"), chain: chain, latest: records.last.map(latest),
      trend: TrendChart.drawing(
        records.map(TrendPoint.init), labels: labels, style: TrendChart.full,
        caption:
          "Rows proven, accepted, missing and failing at each sign-off (\(CountText.counted(records.count, "sign-off")))"
      ),
      trendKey: TrendChart.layers.map { TrendKeyEntry(fill: $0.fill, word: $0.standing.rawValue) } + [
        TrendKeyEntry(fill: TrendChart.readyFill, word: "ready (mark under the bar)"),
        TrendKeyEntry(fill: TrendChart.notReadyFill, word: "not ready (mark under the bar)"),
      ],
      points: records.indices.dropFirst(firstColumn).reversed().map(point), pointsLeftOut: firstColumn,
      columns: records.indices.dropFirst(firstColumn).map(column), columnsLeftOut: firstColumn,
      grid: shown.prefix(gridRows).map { gridRow($0, from: firstColumn) }, gridLeftOut: shown.count - gridRows,
      gridHidden: timelines.count - shown.count,
      gridHiddenText: CountText.counted(timelines.count - shown.count, "row"), cellKey: HistoryCell.key,
      streaks: Array(streakList.prefix(streaks)), streaksLeftOut: streakList.count - streaks,
      regressions: Array(regressionList.prefix(regressions)), regressionsLeftOut: regressionList.count - regressions,
      flaky: flaky())
  }

  /// How many rows the grid could show, streaks and regressions there are: the Markdown's
  /// budget trims them.
  var counts: (grid: Int, streaks: Int, regressions: Int) {
    (shown.count, streakList().count, regressionList().count)
  }

  private var chain: HistoryChain {
    let text =
      if let brokenLine {
        "The chain is broken at line \(brokenLine): a line was removed, reordered or edited (stateproof verify --history names it)."
      } else {
        "The chain holds: each line names the SHA-256 of the line before it."
      }
    return HistoryChain(intact: brokenLine == nil, brokenLine: brokenLine, text: text)
  }

  private func latest(_ record: SignOffRecord) -> HistoryLatest {
    let counts = record.counts
    return HistoryLatest(
      signOff: record.signOff, label: record.label, release: record.release, generatedAt: record.generatedAt,
      verdict: record.verdict, verdictText: record.verdict == .ready ? "Ready" : "Not ready",
      text: "\(counts.proven) of \(counts.reachable) reachable rows proven, \(counts.accepted) accepted, "
        + "\(counts.missing) missing, \(counts.failing) failing; \(counts.errors) open "
        + (counts.errors == 1 ? "error" : "errors"))
  }

  private func point(_ index: Int) -> HistoryPoint {
    let record = records[index]
    let counts = record.counts
    return HistoryPoint(
      signOff: record.signOff, label: labels[index], generatedAt: record.generatedAt, verdict: record.verdict,
      tone: record.verdict == .ready ? .ok : .error, proven: counts.proven, accepted: counts.accepted,
      missing: counts.missing, failing: counts.failing, reachable: counts.reachable)
  }

  private func column(_ index: Int) -> HistoryColumn {
    let record = records[index]
    let time = record.generatedAt.map { ", \($0)" } ?? ""
    return HistoryColumn(
      signOff: record.signOff, label: labels[index],
      title: "sign-off #\(record.signOff): \(labels[index])\(time), \(record.verdict.rawValue)")
  }

  private func gridRow(_ timeline: RowTimeline, from first: Int) -> HistoryGridRow {
    let cells = timeline.cells.indices.dropFirst(first).map { index in
      let title = "\(labels[index]), sign-off \(records[index].signOff)"
      guard let cell = timeline.cells[index] else {
        return HistoryGridCell(symbol: "", tone: .absent, title: "\(title): not in the matrix")
      }
      return HistoryGridCell(symbol: cell.symbol, tone: cell.tone, title: "\(title): \(cell.word)")
    }
    return HistoryGridRow(key: timeline.key, receipt: timeline.isReceipt, cells: cells)
  }

  /// `label (sign-off n)`: a sign-off as the texts name it (no `#n`, which GitHub would link to
  /// an issue).
  private func name(_ index: Int) -> String { "\(labels[index]) (sign-off \(records[index].signOff))" }

  /// Every row and receipt open at the latest sign-off, longest open first: for how many
  /// sign-offs it has not been covered, since when, and since when it has been accepted, with the
  /// latest acceptance's reason and end date.
  private func streakList() -> [HistoryStreak] {
    guard let latest = records.last else { return [] }
    let open = timelines.filter(\.isOpen).map { ($0, $0.openRun) }
    let sorted = open.sorted { $0.1.count != $1.1.count ? $0.1.count > $1.1.count : false }
    return sorted.map { timeline, run in
      let count = run.count
      var text = "not covered for \(count) sign-off\(count == 1 ? "" : "s")"
      if count > 1 { text += " (since \(name(run.lowerBound)))" }
      let accepted = timeline.acceptedRun
      var reason: String?
      var until: String?
      if !accepted.isEmpty {
        text +=
          accepted.count == count && count > 1
          ? ", accepted all along" : ", accepted since \(name(accepted.lowerBound))"
        let entries = acceptances(of: timeline, in: latest)
        if !entries.isEmpty {
          reason = entries.map(\.reason).joined(separator: "; ")
          let ends = entries.compactMap(\.until)
          until = ends.isEmpty ? nil : ends.joined(separator: ", ")
        }
      } else if let cell = timeline.latest {
        text += ", \(cell.word) now"
      }
      return HistoryStreak(
        key: timeline.key, count: count, text: text, reason: reason, until: until,
        tone: timeline.latest?.tone ?? .missing)
    }
  }

  /// The acceptances of `latest` about the row (or, for a receipt, about its platform and no row).
  private func acceptances(of timeline: RowTimeline, in latest: SignOffRecord) -> [SignOffAcceptance] {
    latest.accepted.filter { entry in
      if timeline.isReceipt { return entry.row == nil && "\(entry.platform?.rawValue ?? "") receipt" == timeline.key }
      return entry.row?.description == timeline.key
    }
  }

  /// Every row and receipt failing or missing at the latest sign-off that was proven at an
  /// earlier one: when it was proven last and since when it is not.
  private func regressionList() -> [HistoryRegression] {
    timelines.compactMap { timeline in
      guard let now = timeline.latest, now.standing == .failing || now.standing == .missing,
        let proven = timeline.lastProven
      else { return nil }
      let since = proven + 1
      let text = "proven at \(name(proven)), \(now.word) since \(name(since))"
      return HistoryRegression(key: timeline.key, text: text, tone: now.tone)
    }
  }

  /// Each platform whose receipt passed only on retry at some sign-off: at which, out of how many.
  private func flaky() -> [HistoryFlaky] {
    timelines.filter(\.isReceipt).compactMap { timeline in
      let retried = timeline.cells.indices.filter { timeline.cells[$0]?.retry == true }
      guard !retried.isEmpty else { return nil }
      let present = timeline.cells.count { $0 != nil }
      let at = retried.map(name).joined(separator: ", ")
      let last = retried.last == records.count - 1 ? ", the latest among them" : ""
      return HistoryFlaky(
        key: timeline.key, count: retried.count,
        text: "passed only on retry at \(retried.count) of \(present) sign-offs: \(at)\(last)")
    }
  }
}
