/// A kind of evidence a matrix row can require.
public enum EvidenceKind: String, Codable, Sendable, CaseIterable, Comparable {
  /// A dumpsys read-back showing the seeded state took (Android).
  case seed
  /// A real image of the screen the app shows in that state.
  case screenshot
  /// A passing test execution that asserts the screen.
  case test

  public static func < (lhs: EvidenceKind, rhs: EvidenceKind) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
