import Mustache

/// Findings of one code (``FindingGroups/byCode(_:)``): what to do about them once, the group's
/// most severe `tone`, how many there are, `compact` when they are many (each a link only), the
/// findings' data, and `entries`, each thing they say once.
struct FindingGroup: Encodable {
  let code: String
  let remedy: String
  let tone: Tone
  let count: Int
  let compact: Bool
  let findings: [TemplateValue]
  let entries: [FindingEntry]
}
