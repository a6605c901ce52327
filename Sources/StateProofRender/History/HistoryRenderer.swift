import Foundation
import Mustache
import StateProofModel

/// Renders a sign-off history through the history templates: `history.html` (the page
/// `stateproof history --out DIR` writes as `index.html`: the trend as SVG, the grid, streaks,
/// regressions and flaky receipts, no script) with the report's HTML escaping, and
/// `history.md` (for a pull-request comment or a job summary) with Markdown escaping, within a
/// byte budget. Strict mode, as the report's templates.
package struct HistoryRenderer: Sendable {
  private let templates: any PartialSource

  package init(templates: any PartialSource) {
    self.templates = templates
  }

  /// The most sign-offs the Markdown's grid and table show, before any budget.
  static let markdownColumns = 12

  package func html(_ view: HistoryView) throws -> Data {
    Data(try render(view.page(), template: "history.html", escaping: .reportHTML).utf8)
  }

  /// The Markdown, no larger than `maxBytes` when given: the grid and the table of sign-offs show
  /// the last ``markdownColumns`` sign-offs, then fewer (8, 4, 2); then the grid's rows are cut
  /// from the end, then the streaks and the regressions; `view.trimmed` says what was left out
  /// and `view.htmlLink` where the whole page is.
  /// - Throws: `RenderError.markdownTooLarge` when even the title, the latest sign-off and the
  ///   note are over `maxBytes`.
  package func markdown(_ view: HistoryView, maxBytes: Int?, htmlPage: String) throws -> Data {
    let counts = view.counts
    let signOffs = view.records.count
    struct Cut {
      var columns: Int
      var grid: Int
      var streaks: Int
      var regressions: Int
    }
    func render(_ cut: Cut) throws -> Data {
      var parts: [String] = []
      if cut.columns < signOffs {
        parts.append("the sign-offs before the last \(cut.columns) in the grid and the table")
      }
      if cut.grid < counts.grid { parts.append("\(counts.grid - cut.grid) of \(counts.grid) rows of the grid") }
      if cut.streaks < counts.streaks { parts.append("\(counts.streaks - cut.streaks) of \(counts.streaks) streaks") }
      if cut.regressions < counts.regressions {
        parts.append("\(counts.regressions - cut.regressions) of \(counts.regressions) regressions")
      }
      var page = view.page(columns: cut.columns, gridRows: cut.grid, streaks: cut.streaks, regressions: cut.regressions)
      page.view = HistoryTrim(
        trimmed: parts.joined(separator: "; "), maxBytes: maxBytes, htmlPage: htmlPage,
        htmlLink: MarkdownView.linkDestination(htmlPage))
      return Data(try self.render(page, template: "history.md", escaping: .markdown).utf8)
    }
    var cut = Cut(
      columns: min(Self.markdownColumns, signOffs), grid: counts.grid, streaks: counts.streaks,
      regressions: counts.regressions)
    let whole = try render(cut)
    guard let maxBytes, whole.count > maxBytes else { return whole }
    for columns in [8, 4, 2] where columns < cut.columns {
      cut.columns = columns
      let output = try render(cut)
      if output.count <= maxBytes { return output }
    }
    /// The largest value of `keyPath` from 0 to its current value whose output fits, and that
    /// output; nil (and 0) when not even 0 fits.
    func largest(_ keyPath: WritableKeyPath<Cut, Int>) throws -> Data? {
      var (fits, overflows) = (-1, cut[keyPath: keyPath] + 1)
      var best: Data?
      while overflows - fits > 1 {
        var candidate = cut
        candidate[keyPath: keyPath] = (fits + overflows) / 2
        let output = try render(candidate)
        if output.count <= maxBytes {
          fits = candidate[keyPath: keyPath]
          best = output
        } else {
          overflows = candidate[keyPath: keyPath]
        }
      }
      cut[keyPath: keyPath] = max(0, fits)
      return best
    }
    for keyPath in [\Cut.grid, \Cut.streaks, \Cut.regressions] {
      if let output = try largest(keyPath) { return output }
    }
    throw RenderError.markdownTooLarge(needed: try render(cut).count, limit: maxBytes)
  }

  private func render(_ page: HistoryPage, template name: String, escaping: Escaping) throws -> String {
    guard let template = try templates.template(named: name) else { throw RenderError.missingTemplate(name) }
    return try template.render(
      TemplateValueEncoder.encode(page), partials: templates, escaping: escaping, strict: true)
  }
}
