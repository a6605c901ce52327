/// How the sign-off answers a permission the app's own files declare, or one it covers.
public enum DeclarationAnswer: String, Codable, Sendable, CaseIterable {
  /// Declared, and the sign-off has rows for it.
  case covered
  /// Declared, and the configuration excludes it with a reason.
  case excluded
  /// Declared, and neither covered nor excluded (`declared-not-covered`).
  case notCovered = "not-covered"
  /// Covered, but no file of the app declares it (`covered-not-declared`).
  case notDeclared = "not-declared"
}
