/// What changed since the last sign-off (`--baseline`): rows whose status moved, findings that
/// are new or gone, and accepted gaps whose acceptance has expired.
public struct Changes: Codable, Sendable {
  /// The baseline report as given on the command line.
  public var baseline: String
  public var baselineVerdict: Verdict?
  public var rows: [RowChange]
  public var newFindings: [Finding]
  public var resolvedFindings: [Finding]
  /// Findings accepted in the baseline that are no longer accepted.
  public var expiredAcceptances: [Finding]

  public init(
    baseline: String, baselineVerdict: Verdict?, rows: [RowChange], newFindings: [Finding],
    resolvedFindings: [Finding], expiredAcceptances: [Finding]
  ) {
    self.baseline = baseline
    self.baselineVerdict = baselineVerdict
    self.rows = rows
    self.newFindings = newFindings.sorted()
    self.resolvedFindings = resolvedFindings.sorted()
    self.expiredAcceptances = expiredAcceptances.sorted()
  }

  /// Whether anything changed at all.
  public var isEmpty: Bool {
    rows.isEmpty && newFindings.isEmpty && resolvedFindings.isEmpty && expiredAcceptances.isEmpty
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(baseline, forKey: .baseline)
    try container.encode(baselineVerdict, forKey: .baselineVerdict)
    try container.encode(rows, forKey: .rows)
    try container.encode(newFindings, forKey: .newFindings)
    try container.encode(resolvedFindings, forKey: .resolvedFindings)
    try container.encode(expiredAcceptances, forKey: .expiredAcceptances)
  }
}
