/// A known gap a sign-off accepted: the finding code, the row or platform it is about, the
/// reason and the last day it holds, and how many of the report's findings it covered.
public struct SignOffAcceptance: Codable, Sendable, Hashable, Comparable {
  public var code: FindingCode
  public var platform: Platform?
  public var row: RowID?
  public var reason: String
  /// The last day (`YYYY-MM-DD`) the acceptance holds; nil for no end.
  public var until: String?
  /// The report's accepted findings it stands for (one per device or file, say).
  public var findings: Int

  public init(code: FindingCode, platform: Platform?, row: RowID?, reason: String, until: String?, findings: Int) {
    self.code = code
    self.platform = platform
    self.row = row
    self.reason = reason
    self.until = until
    self.findings = findings
  }

  /// The accepted findings of a report, one entry per code, place, reason and end date, sorted.
  public static func summarizing(_ accepted: [Finding]) -> [SignOffAcceptance] {
    var entries: [SignOffAcceptance] = []
    var index: [SignOffAcceptance: Int] = [:]
    for finding in accepted {
      guard let acceptance = finding.accepted else { continue }
      let key = SignOffAcceptance(
        code: finding.code, platform: finding.platform, row: finding.row, reason: acceptance.reason,
        until: acceptance.until, findings: 0)
      if let at = index[key] {
        entries[at].findings += 1
      } else {
        index[key] = entries.count
        var entry = key
        entry.findings = 1
        entries.append(entry)
      }
    }
    return entries.sorted()
  }

  /// By row (none first), platform, code, reason and end date.
  public static func < (lhs: SignOffAcceptance, rhs: SignOffAcceptance) -> Bool {
    func key(_ entry: SignOffAcceptance) -> [String] {
      [
        entry.row?.description ?? "", entry.platform?.rawValue ?? "", entry.code.rawValue, entry.reason,
        entry.until ?? "",
      ]
    }
    let (left, right) = (key(lhs), key(rhs))
    return left != right ? left.lexicographicallyPrecedes(right) : lhs.findings < rhs.findings
  }

  private enum CodingKeys: String, CodingKey {
    case code, platform, row, reason, until, findings
  }

  /// Writes every key, `null` included, so every line has the same shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(code, forKey: .code)
    try container.encode(platform, forKey: .platform)
    try container.encode(row, forKey: .row)
    try container.encode(reason, forKey: .reason)
    try container.encode(until, forKey: .until)
    try container.encode(findings, forKey: .findings)
  }
}
