import Mustache
import StateProofModel

/// A piece of matched evidence with `messageLines`, `buildTime` (the build and time it names, in
/// a few words), `alt` for a screenshot, and `embedded` as the page shows it (a `data:` URI or
/// null, ``EmbeddedImages``) where the page carries images.
struct EvidenceView: ModelView {
  let model: MatchedEvidence
  let buildTime: String
  /// What `embedded` holds on the page; nil keeps report.json's value.
  var embedded: TemplateValue?
  /// A screenshot's alternative text; nil (left out) for evidence that is no screenshot.
  var alt: String?

  enum ViewKeys: String, CodingKey, CaseIterable { case messageLines, buildTime, embedded, alt }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(MessageView.lines(model.message), forKey: .messageLines)
    try container.encode(buildTime, forKey: .buildTime)
    if let embedded {
      try container.encode(embedded, forKey: .embedded)
    } else {
      try container.encode(model.embedded, forKey: .embedded)
    }
    try container.encodeIfPresent(alt, forKey: .alt)
  }
}
