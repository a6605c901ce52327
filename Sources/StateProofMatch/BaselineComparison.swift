import StateProofKnowledge
import StateProofModel

/// Compares a report with the last signed-off one, so a release manager reads only what changed.
package enum BaselineComparison {
  package static func changes(from baseline: BaselineReport, to report: Report, path: String)
    -> Changes
  {
    let earlier = baseline.findings + baseline.accepted
    var findings = FindingComparison(
      earlier: .init(earlier), current: report.findings, currentAccepted: report.accepted)
    for finding in earlier { findings.add(finding) }
    return Changes(
      baseline: path, baselineVerdict: baseline.verdict, rows: rows(from: baseline.platforms, to: report.platforms),
      newFindings: findings.new, resolvedFindings: findings.resolved, acceptedFindings: findings.accepted,
      expiredAcceptances: findings.expired,
      builds: report.platforms.compactMap { now in
        guard let then = baseline.platforms.first(where: { $0.platform == now.platform })?.build,
          let from = described(then), let to = described(now.build), from != to
        else { return nil }
        return BuildChange(platform: now.platform, from: from, to: to)
      })
  }

  /// The rows whose status differs between a baseline's platforms and a report's, by row id
  /// (a former state's name read as the row it is now), sorted.
  package static func rows(from baseline: [BaselineReport.Platform], to platforms: [PlatformReport]) -> [RowChange] {
    let before = Dictionary(
      baseline.flatMap(\.rows).map { (current($0.id), $0.status) }, uniquingKeysWith: { a, _ in a })
    let after = Dictionary(
      platforms.flatMap(\.rows).map { ($0.id.description, $0.status) },
      uniquingKeysWith: { a, _ in a })
    var rows: [RowChange] = []
    for id in Set(before.keys).union(after.keys).sorted() {
      switch (before[id], after[id]) {
      case (let old?, let new?) where old != new:
        let kind: RowChange.Kind =
          new == .covered ? .newlyCovered : old == .covered ? .regressed : .changed
        rows.append(RowChange(id: id, from: old, to: new, change: kind))
      case (nil, let new?):
        rows.append(RowChange(id: id, from: nil, to: new, change: .added))
      case (let old?, nil):
        rows.append(RowChange(id: id, from: old, to: nil, change: .removed))
      default:
        break
      }
    }
    return rows
  }

  /// The build a sign-off was about: the build under test as configured, else the builds its
  /// evidence named; nil when it names none.
  private static func described(_ build: PlatformBuild) -> String? {
    if let expected = build.expected { return expected.identity.description }
    let named = build.named.map(\.build.identity.description)
    return named.isEmpty ? nil : named.joined(separator: ", ")
  }

  /// A baseline's row id with a state's former name (`android/camera/policy-fixed`) as the row
  /// it is now (`android/camera/policy-denied`), so a renamed row is not read as removed.
  private static func current(_ id: String) -> String {
    guard let row = RowID(id), row.platform == .android else { return id }
    return RowID(platform: row.platform, permission: row.permission, state: AndroidPermissionState.current(row.state))
      .description
  }
}
