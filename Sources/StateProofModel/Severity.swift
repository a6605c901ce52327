/// How much a finding matters for the sign-off: errors make the verdict `not-ready`.
public enum Severity: String, Codable, Sendable, CaseIterable, Comparable {
  case error
  case warning
  case info

  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
