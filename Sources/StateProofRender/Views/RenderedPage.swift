import Mustache

/// What a page template renders: the page's data (``PageView``, encoded once and shortened for
/// report.md's budget), the findings it lists and the template's own `view`.
struct RenderedPage<View: Encodable>: ModelView {
  let model: TemplateValue
  let findings: [TemplateValue]
  let view: View

  enum ViewKeys: String, CodingKey, CaseIterable { case findings, view }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(findings, forKey: .findings)
    try container.encode(view, forKey: .view)
  }
}
