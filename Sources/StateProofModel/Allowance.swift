/// A known gap accepted for a sign-off: findings with `code` (on `row`, or on `platform`, or
/// anywhere) are shown as accepted with `reason`, and stop deciding the verdict until `until`.
/// The configuration's `allow` list and `--allow CODE[:ROW]=REASON` both make these.
public struct Allowance: Codable, Sendable, Hashable {
  /// The findings it accepts.
  public var code: FindingCode
  /// Only on this row, when given.
  public var row: RowID?
  /// Only on this platform, when given (and no row is).
  public var platform: Platform?
  /// Why the gap is accepted, shown beside each finding it accepts; a report is refused for an
  /// allowance whose reason is blank.
  public var reason: String
  /// The last day (`YYYY-MM-DD`) it holds; nil for no end.
  public var until: String?
  /// Who accepted it.
  public var source: AcceptanceSource

  /// An allowance for `code`, on `row` or `platform` when given (a row wins over a platform),
  /// for `reason`. It stands for `--allow` unless `source` says otherwise.
  public init(
    code: FindingCode, row: RowID? = nil, platform: Platform? = nil, reason: String, until: String? = nil,
    source: AcceptanceSource = .commandLine
  ) {
    self.code = code
    self.row = row
    self.platform = platform
    self.reason = reason
    self.until = until
    self.source = source
  }

  /// Parses `CODE[:ROW]=REASON` (ROW may also be a platform) as given to `--allow`; nil for any
  /// other text, a missing or blank reason included.
  public init?(commandLine text: String) {
    guard let equals = text.firstIndex(of: "=") else { return nil }
    let reason = String(text[text.index(after: equals)...])
    guard !Self.isBlank(reason) else { return nil }
    let parts = text[..<equals].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.first, let code = FindingCode(rawValue: first) else { return nil }
    self.init(code: code, reason: reason)
    guard parts.count == 2 else { return }
    if let platform = Platform(rawValue: parts[1]) {
      self.platform = platform
    } else if let row = RowID(parts[1]) {
      self.row = row
    } else {
      return nil
    }
  }

  /// Whether `text` says nothing: empty, or white space alone.
  public static func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
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

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(code, forKey: .code)
    try container.encode(row, forKey: .row)
    try container.encode(platform, forKey: .platform)
    try container.encode(reason, forKey: .reason)
    try container.encode(until, forKey: .until)
    try container.encode(source, forKey: .source)
  }
}
