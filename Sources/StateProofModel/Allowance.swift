/// A known gap accepted for a sign-off: findings with `code` (on `row`, or on `platform`, or
/// anywhere) are shown as accepted with `reason`, and stop deciding the verdict until `until`.
/// The configuration's `allow` list and `--allow CODE[:ROW]` both make these.
public struct Allowance: Sendable, Hashable {
  /// The findings it accepts.
  public var code: FindingCode
  /// Only on this row, when given.
  public var row: RowID?
  /// Only on this platform, when given (and no row is).
  public var platform: Platform?
  /// Why the gap is accepted, shown beside each finding it accepts.
  public var reason: String
  /// The last day (`YYYY-MM-DD`) it holds; nil for no end.
  public var until: String?
  /// Who accepted it.
  public var source: AcceptanceSource

  /// An allowance for `code`, on `row` or `platform` when given (a row wins over a platform).
  /// It defaults to what `--allow` makes.
  public init(
    code: FindingCode, row: RowID? = nil, platform: Platform? = nil,
    reason: String = "allowed with --allow on the command line", until: String? = nil,
    source: AcceptanceSource = .commandLine
  ) {
    self.code = code
    self.row = row
    self.platform = platform
    self.reason = reason
    self.until = until
    self.source = source
  }

  /// Parses `CODE[:ROW]` (ROW may also be a platform) as given to `--allow`; nil for any other
  /// text.
  public init?(commandLine text: String) {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    guard let first = parts.first, let code = FindingCode(rawValue: first) else { return nil }
    self.init(code: code)
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
  public func covers(_ finding: Finding) -> Bool {
    guard finding.code == code else { return false }
    if let row { return finding.row == row }
    if let platform { return finding.platform == platform }
    return true
  }

  /// Whether the allowance has run out by `today` (`YYYY-MM-DD`).
  public func hasExpired(on today: String) -> Bool {
    guard let until else { return false }
    return until < today
  }
}
