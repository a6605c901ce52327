/// Which generation of TCC.db's `access` table a Simulator has, told by its columns, as idb and
/// appium tell it [T:IDBSET], [T:APPIUMPERM] (never by the iOS version, which sources date
/// differently): `allowed` before iOS 14; `auth_value` in 13 columns (iOS 14 to 16), 17 (iOS 17
/// to 26, `last_reminded` added), 19 (the Xcode 27 runtime's, two columns no source names)
/// [T:XHARNESS], [T:WIXSVC].
package struct TCCSchema: Sendable, Hashable {
  /// The table's columns, in the table's order.
  package var columns: [String]

  package init(columns: [String]) {
    self.columns = columns
  }

  package enum Generation: String, Sendable, Hashable {
    /// Before iOS 14: `allowed` 0 or 1, `prompt_count`.
    case allowed
    /// iOS 14 to 16: `auth_value`, `auth_reason`, `auth_version`, 13 columns.
    case authValue13 = "auth-value-13"
    /// iOS 17 to 26: 17 columns, with `pid`, `pid_version`, `boot_uuid`, `last_reminded`.
    case authValue17 = "auth-value-17"
    /// The Xcode 27 era's runtime: 19 columns.
    case authValue19 = "auth-value-19"
  }

  /// The generation, or nil for a table with neither `allowed` nor `auth_value` (no TCC table
  /// StateProof knows).
  package var generation: Generation? {
    if columns.contains("auth_value") {
      if columns.count >= 19 { return .authValue19 }
      return columns.contains("last_reminded") ? .authValue17 : .authValue13
    }
    return columns.contains("allowed") ? .allowed : nil
  }

  /// "17 columns (iOS 17 to 26)", for people and the record.
  package var description: String {
    let count = "\(columns.count) columns"
    switch generation {
    case .allowed: return "\(count) with allowed (before iOS 14)"
    case .authValue13: return "\(count) with auth_value (iOS 14 to 16)"
    case .authValue17: return "\(count) with auth_value and last_reminded (iOS 17 to 26)"
    case .authValue19: return "\(count) with auth_value (the iOS 27 runtime's)"
    case nil: return "\(count), neither allowed nor auth_value"
    }
  }
}
