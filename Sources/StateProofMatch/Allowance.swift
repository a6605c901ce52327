import StateProofModel

/// A known gap accepted for a sign-off: findings with `code` (on `row`, or on `platform`, or
/// anywhere) are shown as accepted with `reason`, and stop deciding the verdict until `until`.
package struct Allowance: Sendable, Equatable {
  package var code: FindingCode
  package var row: RowID?
  package var platform: Platform?
  package var reason: String
  /// The last day (`YYYY-MM-DD`) it holds; nil for no end.
  package var until: String?
  /// `configuration` or `command line`.
  package var source: String

  package init(
    code: FindingCode, row: RowID? = nil, platform: Platform? = nil, reason: String,
    until: String? = nil, source: String
  ) {
    self.code = code
    self.row = row
    self.platform = platform
    self.reason = reason
    self.until = until
    self.source = source
  }

  /// Parses `CODE[:ROW]` (ROW may also be a platform) as given to `--allow`.
  package init?(commandLine text: String) {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    guard let code = FindingCode(rawValue: parts[0]) else { return nil }
    self.init(code: code, reason: "allowed with --allow on the command line", source: "command line")
    guard parts.count == 2 else { return }
    if let platform = Platform(rawValue: parts[1]) {
      self.platform = platform
    } else if let row = RowID(parts[1]) {
      self.row = row
    } else {
      return nil
    }
  }

  /// Whether this allowance is about `finding` (its code, and its row or platform when given).
  package func covers(_ finding: Finding) -> Bool {
    guard finding.code == code else { return false }
    if let row { return finding.row == row }
    if let platform { return finding.platform == platform }
    return true
  }

  /// Whether the allowance has run out by `today` (`YYYY-MM-DD`).
  package func hasExpired(on today: String) -> Bool {
    guard let until else { return false }
    return until < today
  }
}
