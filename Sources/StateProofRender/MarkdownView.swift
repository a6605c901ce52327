import Mustache

/// What `report.md.mustache` finds under `view`, beside the report model: which sections to show
/// so the Markdown fits its byte budget, and what was left out. It is a view of the model, never
/// part of `report.json`.
///
/// - `view.receipts`, `view.platformTables`, `view.evidenceDetails`, `view.devices`: whether to
///   show the receipts table, the per-platform tables, their evidence column, and the devices.
/// - `view.findings`: the findings to list, the model's `findings` or, when trimmed, the first of
///   them (errors come first).
/// - `view.trimmed`: what was left out, as one sentence fragment; empty when nothing was.
/// - `view.maxBytes`: the budget; `view.htmlReport`: where the full HTML report is.
package struct MarkdownView: Sendable {
  package var receipts = true
  package var platformTables = true
  package var evidenceDetails = true
  package var devices = true
  /// How many of the model's findings to list; nil for all.
  package var findingsShown: Int?
  package var maxBytes: Int?
  package var htmlReport: String

  package init(maxBytes: Int?, htmlReport: String) {
    self.maxBytes = maxBytes
    self.htmlReport = htmlReport
  }

  /// The cuts, least important first: each step drops one more thing.
  package static var trimSteps: [WritableKeyPath<MarkdownView, Bool>] {
    [\.devices, \.evidenceDetails, \.platformTables, \.receipts]
  }

  /// The `view` object for a report whose model lists `findings`.
  package func value(findings: [TemplateValue]) -> TemplateValue {
    var left: [String] = []
    if !devices { left.append("the devices") }
    if platformTables {
      if !evidenceDetails { left.append("the evidence column of the platform tables") }
    } else {
      left.append("the platform tables")
    }
    if !receipts { left.append("the receipts table") }
    let shown = min(findingsShown ?? findings.count, findings.count)
    if shown < findings.count {
      left.append("\(findings.count - shown) of \(findings.count) findings")
    }
    return .object([
      "receipts": .bool(receipts),
      "platformTables": .bool(platformTables),
      "evidenceDetails": .bool(evidenceDetails),
      "devices": .bool(devices),
      "findings": .list(Array(findings.prefix(shown))),
      "trimmed": .string(left.joined(separator: "; ")),
      "maxBytes": maxBytes.map { .int($0) } ?? .null,
      "htmlReport": .string(htmlReport),
    ])
  }
}
