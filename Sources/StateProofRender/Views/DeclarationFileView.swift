import StateProofModel

/// A declaration file with `buildText`, the build it names (empty for none).
struct DeclarationFileView: ModelView {
  let model: DeclarationFile

  enum ViewKeys: String, CodingKey, CaseIterable { case buildText }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(model.build?.description ?? "", forKey: .buildText)
  }
}
