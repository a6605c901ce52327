import StateProofModel

/// Which sections of `report.md` show so the Markdown fits its byte budget; its
/// ``value(report:findings:)`` is what the template finds under `view` (``MarkdownPageView``),
/// beside the report's page: those sections, and what was left out. Never part of `report.json`.
///
/// - `view.evidenceDetails`, `view.deviceGrids`, `view.platformTables`, `view.platformSections`:
///   whether to show the platform tables' evidence column, the per-device grids, the platform
///   tables, and the platform sections at all.
/// - `view.accepted`, `view.receipts`: whether to list the accepted gaps and the receipts table.
/// - `view.declarations`: whether to show what the app declares beside what the sign-off covers
///   (false when no platform's files were read).
/// - `view.configuration`: whether to show the configuration section (how the report was made,
///   the departures from the built-in matrix); the footer names the configuration either way.
/// - `view.changes`, `view.changeLists`: whether to show "since the last sign-off", and in it the
///   lists of new, resolved, accepted and expired findings (false when they are all empty).
/// - `view.devices`: whether to show the devices table (left out first).
/// - `view.builds`: whether to show the builds and times under the counts (left out last).
/// - `view.blockers`, `view.warnings`: the errors and warnings among the findings listed, by platform,
///   device and code (``FindingGroups/overview(findings:platforms:summary:)``), titled with the
///   report's totals; `view.blockersHeading`, `view.warningsHeading` whether any is listed;
///   `view.nothingBlocks` whether the report has no open error, `view.nothingOpen` no open error or
///   warning.
/// - `view.findings`: the findings listed, the model's `findings` or, when trimmed, the first of
///   them; `view.findingsHeading` whether any is (for templates that list them in one place).
/// - `view.others`: the other findings listed (infos); `view.othersHeading` whether the section
///   of other findings and accepted gaps shows.
/// - `view.trimmed`: what was left out, as one sentence fragment; empty when nothing was.
/// - `view.maxBytes`: the budget; `view.htmlReport`: where the full HTML report is, as text;
///   `view.htmlLink`: the same as a link destination, percent-encoded (`{{{view.htmlLink}}}`).
package struct MarkdownView: Sendable {
  package var evidenceDetails = true
  package var devices = true
  package var deviceGrids = true
  package var accepted = true
  package var configuration = true
  package var changeLists = true
  package var platformTables = true
  package var receipts = true
  package var declarations = true
  package var changes = true
  /// How many of the model's findings to list (they come errors first, then warnings, then
  /// infos), nil for all: trimming them from the end leaves the errors to go last.
  package var findingsShown: Int?
  /// How many open findings the report has when its model lists only the first of them (an
  /// excerpt, see `ReportExcerpt`); nil when it lists them all.
  package var findingsTotal: Int?
  package var platformSections = true
  /// Whether to show each platform's build, time span and devices, and the window, under the
  /// counts.
  package var builds = true
  /// Strings of the model over this many UTF-8 bytes are shortened (marked); nil for none.
  package var valueLimit: Int?
  package var maxBytes: Int?
  package var htmlReport: String

  package init(maxBytes: Int?, htmlReport: String) {
    self.maxBytes = maxBytes
    self.htmlReport = htmlReport
  }

  /// The sections that can grow with the evidence, left out first, least important first: each
  /// step drops one more. Then findings are left out from the end.
  package static var trimSteps: [WritableKeyPath<MarkdownView, Bool>] {
    [
      \.devices, \.evidenceDetails, \.deviceGrids, \.accepted, \.configuration, \.changeLists, \.declarations,
      \.platformTables,
    ]
  }

  /// The small sections a release manager reads after the blockers, left out after the warnings
  /// and infos (each step giving findings room again) and before any error.
  package static var lastTrimSteps: [WritableKeyPath<MarkdownView, Bool>] {
    [\.receipts, \.changes, \.platformSections, \.builds]
  }

  /// The `view` of `report.md` for `report` (the excerpt it renders), whose open findings
  /// `findings` lists (in the order the page lists them, shortened as the model's values are).
  func value(report: Report, findings: [FindingView]) -> MarkdownPageView {
    let platforms = report.platforms
    let hasRows = platforms.contains { !$0.rows.isEmpty }
    let hasGrids = platforms.contains { $0.perDevice && !$0.rows.isEmpty }
    let accepted = report.accepted.count
    let changed = report.changes != nil
    let changeLists =
      report.changes.map {
        !($0.newFindings.isEmpty && $0.resolvedFindings.isEmpty && $0.acceptedFindings.isEmpty
          && $0.expiredAcceptances.isEmpty)
      } ?? false
    let shown = min(findingsShown ?? findings.count, findings.count)
    let listed = Array(findings.prefix(shown))
    let overview = FindingGroups.overview(findings: listed, platforms: platforms, summary: report.summary)
    let others = listed.filter { $0.finding.severity == .info }
    let openErrors = report.summary.errors
    let openWarnings = report.summary.warnings
    let tables = platformSections && platformTables && hasRows
    let declared = platforms.contains { $0.declared != nil }

    var left: [String] = []
    if !devices, !report.devices.isEmpty { left.append("the devices table") }
    if tables && !evidenceDetails { left.append("the evidence column of the platform tables") }
    if tables && hasGrids && !deviceGrids { left.append("the per-device grids") }
    if accepted > 0 && !self.accepted { left.append(accepted == 1 ? "1 accepted gap" : "\(accepted) accepted gaps") }
    if !configuration, report.provenance != nil {
      left.append("the configuration section")
    }
    if changed && self.changes && changeLists && !self.changeLists {
      left.append("the new, resolved, accepted and expired findings since the last sign-off")
    }
    if declared && !declarations { left.append("what the app declares") }
    if platformSections && hasRows && !platformTables { left.append("the platform tables") }
    let total = max(findingsTotal ?? 0, findings.count)
    if shown == 0 && !findings.isEmpty {
      left.append(total == 1 ? "the finding" : "all \(total) findings")
    } else if shown < total {
      left.append("\(total - shown) of \(total) findings")
    }
    if !platforms.isEmpty && !receipts { left.append("the receipts table") }
    if changed && !self.changes { left.append("the changes since the last sign-off") }
    if !platforms.isEmpty && !platformSections { left.append("the platform sections") }
    if !platforms.isEmpty && !builds { left.append("the builds and times") }
    if let valueLimit { left.append("the end of every value over \(valueLimit) bytes (marked …)") }
    return MarkdownPageView(
      evidenceDetails: evidenceDetails, devices: devices, deviceGrids: deviceGrids, accepted: self.accepted,
      configuration: configuration, changeLists: self.changeLists && changeLists, platformTables: platformTables,
      receipts: receipts, declarations: declarations && declared, changes: self.changes,
      platformSections: platformSections, builds: builds, findings: listed.map(\.value),
      findingsHeading: findings.isEmpty || shown > 0, blockers: overview.blockers, warnings: overview.warnings,
      blockersHeading: listed.contains { $0.finding.severity == .error },
      warningsHeading: listed.contains { $0.finding.severity == .warning }, nothingBlocks: openErrors == 0,
      nothingOpen: openErrors == 0 && openWarnings == 0, others: others.map(\.value),
      othersHeading: !others.isEmpty || (self.accepted && accepted > 0), trimmed: left.joined(separator: "; "),
      maxBytes: maxBytes, htmlReport: htmlReport, htmlLink: Self.linkDestination(htmlReport))
  }

  /// `url` as the destination of a Markdown link in angle brackets: every byte but the
  /// unreserved and reserved URL characters (and `%`) percent-encoded, so neither escaping nor
  /// GitHub's autolinking touch it, and nothing in it can end the link.
  static func linkDestination(_ url: String) -> String {
    var output = ""
    for byte in url.utf8 {
      if allowedInLink[Int(byte)] {
        output.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        output += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return output
  }

  private static let allowedInLink: [Bool] = (0...255).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(UInt8(byte))
    }
  }
}
