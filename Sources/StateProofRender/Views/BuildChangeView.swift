import StateProofModel

/// A changed build with its platform's `name`.
struct BuildChangeView: ModelView {
  let model: BuildChange

  enum ViewKeys: String, CodingKey, CaseIterable { case name }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(model.platform.displayName, forKey: .name)
  }
}
