/// How well a fact of the platform knowledge is established, so that the generated document and
/// the people reading it can tell what was seen on a device from what was read in code.
package enum FactBasis: String, Sendable, Hashable, CaseIterable {
  /// Stated in the platform owner's documentation (developer.android.com, developer.apple.com).
  case documented
  /// Also seen in a real capture (the dumpsys corpus this project keeps references to).
  case captured
  /// Read off AOSP or PermissionController source; no device capture confirms it.
  case codeDerived = "code-derived"
  /// No primary source was found; treat as likely, not proven.
  case unverified

  /// How the generated document writes it.
  package var label: String {
    switch self {
    case .documented: "documented"
    case .captured: "seen in a real capture"
    case .codeDerived: "CODE-DERIVED (from AOSP source, no device capture)"
    case .unverified: "UNVERIFIED"
    }
  }
}
