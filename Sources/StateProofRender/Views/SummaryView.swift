import StateProofModel

/// A summary with its open findings counted in words (`errorsText`: `1 error`, `2 errors`;
/// `warningsText`), which a template cannot pluralise.
struct SummaryView: ModelView {
  let model: Summary

  enum ViewKeys: String, CodingKey, CaseIterable { case errorsText, warningsText }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(CountText.counted(model.errors, "error"), forKey: .errorsText)
    try container.encode(CountText.counted(model.warnings, "warning"), forKey: .warningsText)
  }
}
