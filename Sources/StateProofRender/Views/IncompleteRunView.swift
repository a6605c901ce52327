import StateProofModel

/// A stopped run with `causeLines` (``MessageView``).
struct IncompleteRunView: ModelView {
  let model: IncompleteRun

  enum ViewKeys: String, CodingKey, CaseIterable { case causeLines }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(MessageView.lines(model.cause), forKey: .causeLines)
  }
}
