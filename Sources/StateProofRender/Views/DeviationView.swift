import StateProofModel

/// A departure from the built-in matrix: `anchor` (its row in `index.html`, null for a row
/// `include` left out), `kindText`, `pattern` (whether `configured` is selectors or globs) and
/// `tone` (`warning` when it weakens the matrix, else `muted`).
struct DeviationView: ModelView {
  let model: ConfigurationDeviation
  let anchor: String?

  enum ViewKeys: String, CodingKey, CaseIterable { case anchor, kindText, pattern, tone }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(anchor, forKey: .anchor)
    try container.encode(model.kind.words, forKey: .kindText)
    try container.encode(model.kind.isSelector, forKey: .pattern)
    try container.encode(model.weakens ? Tone.warning : .muted, forKey: .tone)
  }
}
