import Foundation
import Mustache
import StateProofModel

/// Renders `report.json` through the report templates: `index.html` with HTML escaping,
/// `report.md` with Markdown escaping. Templates render from exactly that JSON, in strict
/// mode, so a misspelled name in a template is an error rather than a silent gap. Both also see
/// each message split into lines (`MessageView`); the Markdown template also sees a `view` object
/// (`MarkdownView`) saying which sections fit its budget.
package struct ReportRenderer: Sendable {
  /// Where templates come from: the user's overrides first, then the shipped ones.
  private let templates: any PartialSource

  package init(templates: any PartialSource) {
    self.templates = templates
  }

  /// `index.html` from `report.json`'s bytes (``JSONRenderer``), encoded once by the caller.
  package func html(json: Data) throws -> Data {
    Data(try render(MessageView.adding(to: try TemplateValue(json: json)), template: "index.html", escaping: .html).utf8)
  }

  /// `report.md`, no larger than `maxBytes` when given: the least important sections are left
  /// out first (the platform tables' evidence column, then the platform tables, then the receipts
  /// table, then findings from the last), and the template says what was left out.
  /// - Parameters:
  ///   - maxBytes: the size limit in UTF-8 bytes, or nil for no limit.
  ///   - htmlReport: where the Markdown links to the full report.
  /// - Throws: `RenderError.markdownTooLarge` when even the smallest form is over the limit,
  ///   `TemplateError` for template problems.
  package func markdown(json: Data, maxBytes: Int? = nil, htmlReport: String = "index.html")
    throws -> Data
  {
    guard case .object(let model) = MessageView.adding(to: try TemplateValue(json: json)),
      case .list(let findings) = model["findings"]
    else { preconditionFailure("the report model is an object with a findings list") }
    func render(_ view: MarkdownView) throws -> Data {
      var data = model
      data["view"] = view.value(findings: findings)
      return Data(try self.render(.object(data), template: "report.md", escaping: .markdown).utf8)
    }
    var view = MarkdownView(maxBytes: maxBytes, htmlReport: htmlReport)
    var output = try render(view)
    guard let maxBytes else { return output }
    for step in MarkdownView.trimSteps where output.count > maxBytes {
      view[keyPath: step] = false
      output = try render(view)
    }
    guard output.count > maxBytes else { return output }

    // Findings are sorted errors first: keep the longest prefix that fits.
    view.findingsShown = 0
    var fitting = try render(view)
    guard fitting.count <= maxBytes else {
      throw RenderError.markdownTooLarge(needed: fitting.count, limit: maxBytes)
    }
    var fits = 0
    var overflows = findings.count
    while overflows - fits > 1 {
      let middle = (fits + overflows) / 2
      view.findingsShown = middle
      let candidate = try render(view)
      if candidate.count <= maxBytes {
        fits = middle
        fitting = candidate
      } else {
        overflows = middle
      }
    }
    return fitting
  }

  private func render(_ value: TemplateValue, template name: String, escaping: Escaping) throws -> String {
    guard let template = try templates.template(named: name) else {
      throw RenderError.missingTemplate(name)
    }
    return try template.render(value, partials: templates, escaping: escaping, strict: true)
  }
}
