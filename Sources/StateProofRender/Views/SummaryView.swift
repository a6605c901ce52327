import StateProofModel

/// A summary with its open findings counted in words (`errorsText`: `1 error`, `2 errors`;
/// `warningsText`), which a template cannot pluralise.
struct SummaryView: ModelView {
  let model: Summary

  enum ViewKeys: String, CodingKey, CaseIterable { case errorsText, warningsText }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    try container.encode(counted(model.errors, "error"), forKey: .errorsText)
    try container.encode(counted(model.warnings, "warning"), forKey: .warningsText)
  }
}
