import StateProofModel

/// What `index.html` and `report.md` render of a report: the whole model, except lists too long
/// for a page. `report.json` always holds everything; a page that leaves something out says how
/// much. Rendering 100,000 findings and files into one page cost a tree of several hundred
/// megabytes, and no browser shows such a page usefully.
package enum ReportExcerpt {
  /// The most findings, and the most evidence files, `index.html` lists.
  package static let htmlListLimit = 10_000
  /// The fewest bytes one finding takes in `report.md`: its list item's markup alone.
  static let markdownBytesPerFinding = 16

  /// The report `index.html` renders, and how many findings and files it leaves out. Findings
  /// are sorted errors first, so the ones left out are the least severe.
  package static func html(_ report: Report, limit: Int = htmlListLimit) -> HTMLExcerpt {
    var shown = report
    shown.findings = Array(report.findings.prefix(limit))
    shown.evidence = Array(report.evidence.prefix(limit))
    return HTMLExcerpt(
      report: shown, findingsLeftOut: report.findings.count - shown.findings.count,
      filesLeftOut: report.evidence.count - shown.evidence.count)
  }

  /// The report `report.md` renders: without the evidence inventory, which it does not list, and
  /// with no more findings than `maxBytes` could hold (its `summary` still counts them all): the
  /// most severe, and of those first the ones of a platform, as `report.md` lists them.
  package static func markdown(_ report: Report, maxBytes: Int?) -> Report {
    var shown = report
    shown.evidence = []
    if let maxBytes, report.findings.count > maxBytes / markdownBytesPerFinding + 1 {
      // Ranked by index, so a list of 1,000,000 findings is not copied to be sorted.
      let findings = report.findings
      let ranked = findings.indices.sorted { lhs, rhs in
        (findings[lhs].severity, findings[lhs].platform == nil ? 1 : 0, lhs)
          < (findings[rhs].severity, findings[rhs].platform == nil ? 1 : 0, rhs)
      }
      shown.findings = ranked.prefix(maxBytes / markdownBytesPerFinding + 1).map { findings[$0] }
    }
    return shown
  }
}
