import StateProofModel

/// A declared permission with the `tone` and words (`answerText`) of how the sign-off answers it.
struct DeclaredPermissionView: ModelView {
  let model: DeclaredPermission

  enum ViewKeys: String, CodingKey, CaseIterable { case tone, answerText }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    let (tone, text): (Tone, String) =
      switch model.answer {
      case .covered: (.ok, "covered")
      case .excluded: (.muted, "excluded")
      case .notCovered: (.error, "not covered")
      case .notDeclared: (.warning, "not declared")
      }
    try container.encode(tone, forKey: .tone)
    try container.encode(text, forKey: .answerText)
  }
}
