import StateProofModel

/// One row (or one platform's receipt) across every sign-off of a history: where it stood at
/// each, nil where that sign-off's matrix did not have it. The grid, the streaks and the
/// regressions are read from these.
struct RowTimeline: Sendable {
  /// The row id (`android/camera/blocked`) or `android receipt`.
  var key: String
  var isReceipt: Bool
  var cells: [HistoryCell?]

  /// Receipts first (by platform), then every row: in the latest sign-off's order, then the
  /// rows only earlier sign-offs had, in the order they first appear.
  static func timelines(_ records: [SignOffRecord]) -> [RowTimeline] {
    var order: [String] = []
    var receipts: Set<String> = []
    var seen: Set<String> = []
    var cells: [String: [HistoryCell?]] = [:]
    let count = records.count
    func place(_ key: String, receipt: Bool, _ cell: HistoryCell, at index: Int) {
      if seen.insert(key).inserted {
        order.append(key)
        if receipt { receipts.insert(key) }
        cells[key] = Array(repeating: nil, count: count)
      }
      cells[key]![index] = cell
    }
    let latestFirst = records.indices.reversed()
    for index in latestFirst {
      for receipt in records[index].receipts.sorted(by: { $0.platform < $1.platform }) {
        place("\(receipt.platform.rawValue) receipt", receipt: true, HistoryCell(receipt), at: index)
      }
    }
    for index in latestFirst {
      for row in records[index].rows {
        place(row.id.description, receipt: false, HistoryCell(row), at: index)
      }
    }
    // Rows in the latest sign-off keep its order; rows only earlier ones had follow, in the order
    // the latest of them lists them (found walking back, which is the order `order` holds).
    let receiptKeys = order.filter { receipts.contains($0) }
    let rowKeys = order.filter { !receipts.contains($0) }
    return (receiptKeys + rowKeys).map { RowTimeline(key: $0, isReceipt: receipts.contains($0), cells: cells[$0]!) }
  }

  var latest: HistoryCell? { cells.last ?? nil }

  /// Whether it stood in more than one way (a row missing from a sign-off's matrix counts as
  /// none).
  var changed: Bool {
    let present = cells.compactMap { $0 }
    guard let first = present.first else { return false }
    return present.contains { $0 != first }
  }

  /// Open at the latest sign-off: failing, missing or accepted.
  var isOpen: Bool { latest?.standing.isOpen ?? false }

  /// The sign-offs (indices) of the run of open cells that ends at the latest one; empty when the
  /// latest is not open.
  var openRun: Range<Int> { run(endingWith: { $0.standing.isOpen }) }

  /// The run of accepted cells that ends at the latest one.
  var acceptedRun: Range<Int> { run(endingWith: { $0.standing == .accepted }) }

  /// The last sign-off before the latest at which it was proven.
  var lastProven: Int? {
    cells.indices.dropLast().last { cells[$0]?.standing == .proven }
  }

  private func run(endingWith holds: (HistoryCell) -> Bool) -> Range<Int> {
    var start = cells.count
    while start > 0, let cell = cells[start - 1], holds(cell) { start -= 1 }
    return start..<cells.count
  }
}
