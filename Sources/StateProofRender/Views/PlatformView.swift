import StateProofModel

/// A platform as the templates see it: its summary in words, `gridCompact` (its row × device
/// grid shows icons for words), its receipt card, build, rows, stopped runs and declarations as
/// views.
struct PlatformView: ModelView {
  let model: PlatformReport
  let receipt: ReceiptView
  let rows: [RowView]
  let declared: DeclaredView?

  enum ViewKeys: String, CodingKey, CaseIterable {
    case summary, gridCompact, receipt, build, rows, incompleteRuns, declared
  }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(SummaryView(model: model.summary), forKey: .summary)
    try container.encode(model.releaseDevices.count > ReportView.compactGridAbove, forKey: .gridCompact)
    try container.encode(receipt, forKey: .receipt)
    try container.encode(BuildView(model: model.build), forKey: .build)
    try container.encode(rows, forKey: .rows)
    try container.encode(model.incompleteRuns.map(IncompleteRunView.init), forKey: .incompleteRuns)
    try container.encode(declared, forKey: .declared)
  }
}
