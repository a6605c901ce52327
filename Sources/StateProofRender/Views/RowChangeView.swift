import StateProofModel

/// A changed row with its `anchor` in `index.html` and `anchorLink`.
struct RowChangeView: ModelView {
  let model: RowChange

  enum ViewKeys: String, CodingKey, CaseIterable { case anchor, anchorLink }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    let anchor = ReportView.anchor(row: model.id)
    try container.encode(anchor, forKey: .anchor)
    try container.encode(ReportView.link(anchor), forKey: .anchorLink)
  }
}
