import Foundation
import Mustache
import StateProofModel

/// Renders the coverage model through the report templates: `index.html` with HTML escaping,
/// `report.md` with Markdown escaping. Templates render from exactly the JSON model, in strict
/// mode, so a misspelled name in a template is an error rather than a silent gap.
package struct ReportRenderer: Sendable {
  /// Where templates come from: the user's overrides first, then the shipped ones.
  private let templates: any PartialSource

  package init(templates: any PartialSource) {
    self.templates = templates
  }

  package func html(_ report: Report) throws -> Data {
    try render(report, template: "index.html", escaping: .html)
  }

  package func markdown(_ report: Report) throws -> Data {
    try render(report, template: "report.md", escaping: .markdown)
  }

  private func render(_ report: Report, template name: String, escaping: Escaping) throws -> Data {
    guard let template = try templates.template(named: name) else {
      throw RenderError.missingTemplate(name)
    }
    let value = try TemplateValue(json: JSONRenderer.render(report))
    return Data(
      try template.render(value, partials: templates, escaping: escaping, strict: true).utf8)
  }
}
