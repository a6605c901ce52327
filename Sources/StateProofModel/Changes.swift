/// What changed since the last sign-off (`--baseline`): rows whose status moved, findings that
/// are new or gone, gaps accepted since (still there, not resolved), and accepted gaps whose
/// acceptance has expired.
public struct Changes: Codable, Sendable {
  /// The baseline report as given on the command line.
  public var baseline: String
  public var baselineVerdict: Verdict?
  public var rows: [RowChange]
  public var newFindings: [Finding]
  /// Findings of the baseline (open or accepted) that the report has no more, accepted or not.
  public var resolvedFindings: [Finding]
  /// Findings accepted now (`--allow`, the configuration's `allow`) that the baseline had open or
  /// did not have: still there, so not resolved.
  public var acceptedFindings: [Finding]
  /// Findings accepted in the baseline that are no longer accepted.
  public var expiredAcceptances: [Finding]
  /// Platforms whose build changed since the baseline, in platform order.
  public var builds: [BuildChange]

  public init(
    baseline: String, baselineVerdict: Verdict?, rows: [RowChange], newFindings: [Finding],
    resolvedFindings: [Finding], acceptedFindings: [Finding] = [], expiredAcceptances: [Finding],
    builds: [BuildChange] = []
  ) {
    self.baseline = baseline
    self.baselineVerdict = baselineVerdict
    self.rows = rows
    self.newFindings = newFindings.sorted()
    self.resolvedFindings = resolvedFindings.sorted()
    self.acceptedFindings = acceptedFindings.sorted()
    self.expiredAcceptances = expiredAcceptances.sorted()
    self.builds = builds
  }

  /// Whether anything changed at all.
  public var isEmpty: Bool {
    rows.isEmpty && newFindings.isEmpty && resolvedFindings.isEmpty && acceptedFindings.isEmpty
      && expiredAcceptances.isEmpty && builds.isEmpty
  }

  private enum CodingKeys: String, CodingKey {
    case baseline, baselineVerdict, rows, newFindings, resolvedFindings, acceptedFindings, expiredAcceptances, builds
  }

  /// Reads what ``encode(to:)`` writes; `builds` and `acceptedFindings` may be absent (a report
  /// from before them).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    baseline = try container.decode(String.self, forKey: .baseline)
    baselineVerdict = try container.decodeIfPresent(Verdict.self, forKey: .baselineVerdict)
    rows = try container.decode([RowChange].self, forKey: .rows)
    newFindings = try container.decode([Finding].self, forKey: .newFindings)
    resolvedFindings = try container.decode([Finding].self, forKey: .resolvedFindings)
    acceptedFindings = try container.decodeIfPresent([Finding].self, forKey: .acceptedFindings) ?? []
    expiredAcceptances = try container.decode([Finding].self, forKey: .expiredAcceptances)
    builds = try container.decodeIfPresent([BuildChange].self, forKey: .builds) ?? []
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(baseline, forKey: .baseline)
    try container.encode(baselineVerdict, forKey: .baselineVerdict)
    try container.encode(rows, forKey: .rows)
    try container.encode(newFindings, forKey: .newFindings)
    try container.encode(resolvedFindings, forKey: .resolvedFindings)
    try container.encode(acceptedFindings, forKey: .acceptedFindings)
    try container.encode(expiredAcceptances, forKey: .expiredAcceptances)
    try container.encode(builds, forKey: .builds)
  }
}
