import StateProofModel

/// The templates that replaced shipped ones, with `files`: the overriding files, comma-separated.
struct TemplateRecordView: ModelView {
  let model: TemplateRecord

  enum ViewKeys: String, CodingKey, CaseIterable { case files }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(model.overrides.map(\.file).joined(separator: ", "), forKey: .files)
  }
}
