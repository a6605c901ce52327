import Mustache
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

  /// The model both templates share. `columns` is how many of the last sign-offs the grid and
  /// the table of sign-offs show (nil: all); `gridRows`, `streaks` and `regressions` how many of
  /// each are listed (nil: all).
  func model(columns: Int? = nil, gridRows: Int? = nil, streaks: Int? = nil, regressions: Int? = nil) -> [String:
    TemplateValue]
  {
    let latest = records.last
    let firstColumn = columns.map { max(0, records.count - $0) } ?? 0
    let streakList = self.streakList()
    let regressionList = self.regressionList()
    return [
      "app": latest?.app.map(TemplateValue.string) ?? .null,
      "file": .string(file),
      "signOffs": .int(records.count),
      "chain": chain,
      "latest": latest.map { self.latest($0) } ?? .null,
      "trend": TrendChart.value(
        records.map(TrendPoint.init), labels: labels, style: TrendChart.full,
        caption: "Rows proven, accepted, missing and failing at each of \(records.count) sign-offs"),
      "trendKey": .list(
        TrendChart.layers.map { .object(["fill": .string($0.fill), "word": .string($0.standing.rawValue)]) }
          + [
            .object(["fill": .string(TrendChart.readyFill), "word": .string("ready (mark under the bar)")]),
            .object(["fill": .string(TrendChart.notReadyFill), "word": .string("not ready (mark under the bar)")]),
          ]),
      "points": .list(records.indices.dropFirst(firstColumn).reversed().map(point)),
      "pointsLeftOut": .int(firstColumn),
      "columns": .list(records.indices.dropFirst(firstColumn).map(column)),
      "columnsLeftOut": .int(firstColumn),
      "grid": .list(shown.prefix(gridRows ?? shown.count).map { gridRow($0, from: firstColumn) }),
      "gridLeftOut": .int(shown.count - min(shown.count, gridRows ?? shown.count)),
      "gridHidden": .int(timelines.count - shown.count),
      "cellKey": .list(
        HistoryCell.key.map {
          .object(["symbol": .string($0.symbol), "word": .string($0.word), "tone": .string($0.tone)])
        }),
      "streaks": .list(streakList.prefix(streaks ?? streakList.count).map { $0 }),
      "streaksLeftOut": .int(streakList.count - min(streakList.count, streaks ?? streakList.count)),
      "regressions": .list(regressionList.prefix(regressions ?? regressionList.count).map { $0 }),
      "regressionsLeftOut": .int(regressionList.count - min(regressionList.count, regressions ?? regressionList.count)),
      "flaky": .list(flaky()),
    ]
  }

  /// How many rows the grid could show, streaks and regressions there are: the Markdown's
  /// budget trims them.
  var counts: (grid: Int, streaks: Int, regressions: Int) {
    (shown.count, streakList().count, regressionList().count)
  }

  private var chain: TemplateValue {
    let text =
      if let brokenLine {
        "The chain is broken at line \(brokenLine): a line was removed, reordered or edited (stateproof verify --history names it)."
      } else {
        "The chain holds: each line names the SHA-256 of the line before it."
      }
    return .object([
      "intact": .bool(brokenLine == nil), "brokenLine": brokenLine.map(TemplateValue.int) ?? .null,
      "text": .string(text),
    ])
  }

  private func latest(_ record: SignOffRecord) -> TemplateValue {
    let counts = record.counts
    return .object([
      "signOff": .int(record.signOff), "label": .string(record.label),
      "release": record.release.map(TemplateValue.string) ?? .null,
      "generatedAt": record.generatedAt.map(TemplateValue.string) ?? .null,
      "verdict": .string(record.verdict.rawValue),
      "verdictText": .string(record.verdict == .ready ? "Ready" : "Not ready"),
      "text": .string(
        "\(counts.proven) of \(counts.reachable) reachable rows proven, \(counts.accepted) accepted, "
          + "\(counts.missing) missing, \(counts.failing) failing; \(counts.errors) open "
          + (counts.errors == 1 ? "error" : "errors")),
    ])
  }

  private func point(_ index: Int) -> TemplateValue {
    let record = records[index]
    let counts = record.counts
    return .object([
      "signOff": .int(record.signOff), "label": .string(labels[index]),
      "generatedAt": record.generatedAt.map(TemplateValue.string) ?? .null,
      "verdict": .string(record.verdict.rawValue), "tone": .string(record.verdict == .ready ? "ok" : "error"),
      "proven": .int(counts.proven), "accepted": .int(counts.accepted), "missing": .int(counts.missing),
      "failing": .int(counts.failing), "reachable": .int(counts.reachable),
    ])
  }

  private func column(_ index: Int) -> TemplateValue {
    let record = records[index]
    let time = record.generatedAt.map { ", \($0)" } ?? ""
    return .object([
      "signOff": .int(record.signOff), "label": .string(labels[index]),
      "title": .string("sign-off #\(record.signOff): \(labels[index])\(time), \(record.verdict.rawValue)"),
    ])
  }

  private func gridRow(_ timeline: RowTimeline, from first: Int) -> TemplateValue {
    let cells = timeline.cells.indices.dropFirst(first).map { index -> TemplateValue in
      let title = "\(labels[index]), sign-off \(records[index].signOff)"
      guard let cell = timeline.cells[index] else {
        return .object([
          "symbol": .string(""), "tone": .string("absent"), "title": .string("\(title): not in the matrix"),
        ])
      }
      return .object([
        "symbol": .string(cell.symbol), "tone": .string(cell.tone), "title": .string("\(title): \(cell.word)"),
      ])
    }
    return .object(["key": .string(timeline.key), "receipt": .bool(timeline.isReceipt), "cells": .list(cells)])
  }

  /// `label (sign-off n)`: a sign-off as the texts name it (no `#n`, which GitHub would link to
  /// an issue).
  private func name(_ index: Int) -> String { "\(labels[index]) (sign-off \(records[index].signOff))" }

  /// Every row and receipt open at the latest sign-off, longest open first: for how many
  /// sign-offs it has not been covered, since when, and since when it has been accepted, with the
  /// latest acceptance's reason and end date.
  private func streakList() -> [TemplateValue] {
    guard let latest = records.last else { return [] }
    let open = timelines.filter(\.isOpen).map { ($0, $0.openRun) }
    let sorted = open.sorted { $0.1.count != $1.1.count ? $0.1.count > $1.1.count : false }
    return sorted.map { timeline, run in
      let count = run.count
      var text = "not covered for \(count) sign-off\(count == 1 ? "" : "s")"
      if count > 1 { text += " (since \(name(run.lowerBound)))" }
      let accepted = timeline.acceptedRun
      var reason: TemplateValue = .null
      var until: TemplateValue = .null
      if !accepted.isEmpty {
        text +=
          accepted.count == count && count > 1
          ? ", accepted all along" : ", accepted since \(name(accepted.lowerBound))"
        let entries = acceptances(of: timeline, in: latest)
        if !entries.isEmpty {
          reason = .string(entries.map(\.reason).joined(separator: "; "))
          let ends = entries.compactMap(\.until)
          until = ends.isEmpty ? .null : .string(ends.joined(separator: ", "))
        }
      } else if let cell = timeline.latest {
        text += ", \(cell.word) now"
      }
      return .object([
        "key": .string(timeline.key), "count": .int(count), "text": .string(text), "reason": reason, "until": until,
        "tone": .string(timeline.latest?.tone ?? "missing"),
      ])
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
  private func regressionList() -> [TemplateValue] {
    timelines.compactMap { timeline in
      guard let now = timeline.latest, now.standing == .failing || now.standing == .missing,
        let proven = timeline.lastProven
      else { return nil }
      let since = proven + 1
      let text = "proven at \(name(proven)), \(now.word) since \(name(since))"
      return .object(["key": .string(timeline.key), "text": .string(text), "tone": .string(now.tone)])
    }
  }

  /// Each platform whose receipt passed only on retry at some sign-off: at which, out of how many.
  private func flaky() -> [TemplateValue] {
    timelines.filter(\.isReceipt).compactMap { timeline in
      let retried = timeline.cells.indices.filter { timeline.cells[$0]?.retry == true }
      guard !retried.isEmpty else { return nil }
      let present = timeline.cells.count { $0 != nil }
      let at = retried.map(name).joined(separator: ", ")
      let last = retried.last == records.count - 1 ? ", the latest among them" : ""
      return .object([
        "key": .string(timeline.key), "count": .int(retried.count),
        "text": .string("passed only on retry at \(retried.count) of \(present) sign-offs: \(at)\(last)"),
      ])
    }
  }
}
