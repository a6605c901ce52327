/// The coverage model: what `report.json` holds and what every other output renders from.
public struct Report: Codable, Sendable {
  /// Bumped whenever a field changes meaning or disappears.
  public static let currentSchemaVersion = 2

  public var schemaVersion: Int
  public var app: String?
  public var release: String?
  /// Only set when asked for (`--generated-at` or `SOURCE_DATE_EPOCH`), so reports reproduce.
  public var generatedAt: String?
  public var verdict: Verdict
  /// One sentence saying the verdict and why.
  public var headline: String
  public var summary: Summary
  /// The evidence paths the report was built from.
  public var roots: [String]
  /// Every device the evidence names, one entry per device however it is spelled, sorted.
  public var devices: [SeenDevice]
  /// What each evidence path held: files, test reports, devices.
  public var sources: [EvidenceSource]
  public var platforms: [PlatformReport]
  /// Findings still open, most severe first: what needs action.
  public var findings: [Finding]
  /// Findings accepted as known gaps, with their reasons; they do not decide the verdict.
  public var accepted: [Finding]
  public var evidence: [FileRecord]
  /// What changed since the baseline report, when one was given.
  public var changes: Changes?
  /// The sign-offs before this one (`--history`): the trend `index.html` draws and where the
  /// history page is; nil without a history.
  public var history: HistoryTrend?
  /// The candidate's build time (`--built-at`), in UTC; nil when not given.
  public var builtAt: String?
  /// The evidence window every piece of evidence was checked against; nil when none is
  /// configured. (Named so that `verdict` stays the last key of `report.json`, which tells
  /// StateProof's own output from evidence.)
  public var evidenceWindow: WindowCheck?
  /// How the report was made (version, command line, configuration, templates, the day
  /// acceptances were checked against); nil only in a report read from an older StateProof.
  public var provenance: Provenance?

  public init(
    app: String?, release: String?, generatedAt: String?, roots: [String], devices: [SeenDevice],
    sources: [EvidenceSource] = [], platforms: [PlatformReport], findings: consuming [Finding], evidence: [FileRecord]
  ) {
    schemaVersion = Self.currentSchemaVersion
    self.app = app
    self.release = release
    self.generatedAt = generatedAt
    self.roots = roots
    self.devices = devices.sorted()
    self.sources = sources
    self.platforms = platforms.sorted { $0.platform < $1.platform }
    let summary = Summary(rows: platforms.flatMap(\.rows), findings: copy findings)
    self.summary = summary
    verdict = findings.contains(where: \.blocksRelease) ? .notReady : .ready
    let noEvidence = findings.contains { $0.code == .noEvidence && $0.blocksRelease }
    // The accepted ones moved out in place: a list of 1,000,000 findings is not copied.
    accepted = Self.sorting((copy findings).filter { $0.accepted != nil })
    findings.removeAll { $0.accepted != nil }
    self.findings = Self.sorting(findings)
    self.evidence = Self.sorting(evidence)
    headline = Self.headline(
      verdict: verdict, summary: summary, noEvidence: noEvidence,
      withoutBuild: self.platforms.filter { $0.build.expected == nil && $0.build.named.isEmpty }.map(\.name))
  }

  /// `list` sorted, stably: as it is when it is in order already (the pipeline's files are), and
  /// else sorted in place, so a list of 1,000,000 files or findings is not copied again.
  private static func sorting<Element: Comparable>(_ list: consuming [Element]) -> [Element] {
    var index = 1
    while index < list.count, !(list[index] < list[index - 1]) { index += 1 }
    if index < list.count { list.sort() }
    return list
  }

  /// The verdict and why in one sentence: a run without evidence says so first, and a ready one
  /// says which platforms' evidence names no build (it then proves no particular build).
  private static func headline(verdict: Verdict, summary: Summary, noEvidence: Bool, withoutBuild: [String]) -> String {
    let rows = "\(summary.covered) of \(summary.reachable) reachable rows covered"
    switch verdict {
    case .ready:
      let accepted = summary.accepted == 0 ? "" : ", \(summary.accepted) accepted"
      let builds =
        withoutBuild.isEmpty
        ? ""
        : "; \(withoutBuild.joined(separator: " and ")) evidence names no build and none is configured, so it proves no particular build"
      return "Ready: \(rows), no errors\(accepted)\(builds)."
    case .notReady:
      let errors = summary.errors == 1 ? "1 error" : "\(summary.errors) errors"
      if noEvidence {
        return "Not ready: no evidence (the evidence paths hold nothing StateProof reads), \(errors) in all; \(rows)."
      }
      return "Not ready: \(errors); \(rows)."
    }
  }

  /// Writes every key, `null` included, so the schema is the same for every report; in sorted
  /// order, so `report.json` can be written as it is encoded (see the render stage's encoder).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(accepted, forKey: .accepted)
    try container.encode(app, forKey: .app)
    try container.encode(builtAt, forKey: .builtAt)
    try container.encode(changes, forKey: .changes)
    try container.encode(devices, forKey: .devices)
    try container.encode(evidence, forKey: .evidence)
    try container.encode(evidenceWindow, forKey: .evidenceWindow)
    try container.encode(findings, forKey: .findings)
    try container.encode(generatedAt, forKey: .generatedAt)
    try container.encode(headline, forKey: .headline)
    try container.encode(history, forKey: .history)
    try container.encode(platforms, forKey: .platforms)
    try container.encode(provenance, forKey: .provenance)
    try container.encode(release, forKey: .release)
    try container.encode(roots, forKey: .roots)
    try container.encode(schemaVersion, forKey: .schemaVersion)
    try container.encode(sources, forKey: .sources)
    try container.encode(summary, forKey: .summary)
    try container.encode(verdict, forKey: .verdict)
  }
}
