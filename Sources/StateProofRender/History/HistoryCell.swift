import StateProofModel

/// Where a row or a receipt stood at one sign-off, as the history grid shows it: a symbol (the
/// same in HTML and Markdown), a word for screen readers and tooltips, and a tone. Encodes as the
/// grid's key shows it: `symbol`, `word`, `tone`.
struct HistoryCell: Hashable, Sendable, Encodable {
  var standing: RowStanding
  /// A receipt that passed only on retry.
  var retry = false

  init(standing: RowStanding, retry: Bool = false) {
    self.standing = standing
    self.retry = retry
  }

  /// A row at a sign-off.
  init(_ row: SignOffRow) {
    self.init(standing: row.standing)
  }

  /// A receipt at a sign-off: passed is proven (marked when only on retry), failed or passed off
  /// the release devices is failing, missing is missing; accepted when its errors were.
  init(_ receipt: SignOffReceipt) {
    let standing: RowStanding =
      switch receipt.status {
      case .passed: .proven
      case .failed, .offReleaseDevice: .failing
      case .missing: .missing
      }
    self.init(standing: receipt.accepted ? .accepted : standing, retry: receipt.onRetry && receipt.status == .passed)
  }

  var symbol: String {
    switch standing {
    case .proven: retry ? "↻" : "✓"
    case .failing: "✗"
    case .missing: "○"
    case .accepted: "◐"
    case .unreachable: "–"
    }
  }

  var word: String {
    switch standing {
    case .proven: retry ? "passed only on retry" : "proven"
    case .failing: "failing"
    case .missing: "missing"
    case .accepted: "accepted gap"
    case .unreachable: "unreachable"
    }
  }

  /// The grid cell's class: its standing's, or `retry`.
  var tone: CellTone { retry && standing == .proven ? .retry : CellTone(standing) }

  enum CodingKeys: String, CodingKey { case symbol, word, tone }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(symbol, forKey: .symbol)
    try container.encode(word, forKey: .word)
    try container.encode(tone, forKey: .tone)
  }

  /// The symbols and words the grid's key lists, in this order.
  static let key: [HistoryCell] = [
    HistoryCell(standing: .proven), HistoryCell(standing: .proven, retry: true), HistoryCell(standing: .accepted),
    HistoryCell(standing: .missing), HistoryCell(standing: .failing), HistoryCell(standing: .unreachable),
  ]
}
