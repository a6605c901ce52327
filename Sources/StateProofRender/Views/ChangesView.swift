import StateProofModel

/// The changes since the last sign-off with every row's `anchor` and `anchorLink` and every
/// build's `name`.
struct ChangesView: ModelView {
  let model: Changes

  enum ViewKeys: String, CodingKey, CaseIterable { case rows, builds }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(model.rows.map(RowChangeView.init), forKey: .rows)
    try container.encode(model.builds.map(BuildChangeView.init), forKey: .builds)
  }
}
