/// What `verify --history` found (``StateProof/verifyHistory(_:reports:)``): every break in the
/// file's hash chain, named by line, and each report given checked against the line that records
/// it. The chain holds every line but the last in place (the line after it records its SHA-256);
/// the last line is held by its report (give it) or by a signed attestation of that report.
public struct HistoryVerification: Codable, Sendable {
  /// The history file, as given.
  public var file: String
  /// Its lines.
  public var lines: Int
  /// Every break, in line order.
  public var problems: [HistoryLineProblem]
  /// Each report found under the paths given, in the order found.
  public var reports: [HistoryReportCheck]
  /// Whether a report given was checked against the last line, which nothing after it holds.
  public var lastLineChecked: Bool

  public init(
    file: String, lines: Int, problems: [HistoryLineProblem], reports: [HistoryReportCheck], lastLineChecked: Bool
  ) {
    self.file = file
    self.lines = lines
    self.problems = problems
    self.reports = reports
    self.lastLineChecked = lastLineChecked
  }

  /// True when a line breaks the chain or a report does not match its line: `verify --history`'s
  /// exit status 1.
  public var differs: Bool { !problems.isEmpty || reports.contains { $0.state != .matches } }

  private enum CodingKeys: String, CodingKey {
    case file, lines, problems, reports, lastLineChecked, differs
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    file = try container.decode(String.self, forKey: .file)
    lines = try container.decode(Int.self, forKey: .lines)
    problems = try container.decode([HistoryLineProblem].self, forKey: .problems)
    reports = try container.decode([HistoryReportCheck].self, forKey: .reports)
    lastLineChecked = try container.decode(Bool.self, forKey: .lastLineChecked)
  }

  /// Writes every key, `differs` included.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encode(lines, forKey: .lines)
    try container.encode(problems, forKey: .problems)
    try container.encode(reports, forKey: .reports)
    try container.encode(lastLineChecked, forKey: .lastLineChecked)
    try container.encode(differs, forKey: .differs)
  }
}
