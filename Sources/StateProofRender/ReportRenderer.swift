import Foundation
import Mustache
import StateProofModel

/// Renders the report through the report templates: `index.html` with HTML escaping,
/// `report.md` with Markdown escaping, in strict mode, so a misspelled name in a template is an
/// error rather than a silent gap. Templates see the report's typed page view (``ReportView``,
/// ``PageView``): `report.json`'s keys and values, encoded straight from the typed model (never
/// through its text), with each message split into lines, anchors, tones, alt texts and what to
/// do about each finding beside them; and under `view` the page's own view: ``HTMLPageView``
/// (the errors and warnings grouped for the top of the page, ``FindingGroups``) or
/// ``MarkdownPageView`` (the same, and which sections fit the budget, ``MarkdownView``), all
/// composed by ``RenderedPage``.
package struct ReportRenderer: Sendable {
  /// Where templates come from: the user's overrides first, then the shipped ones.
  private let templates: any PartialSource

  package init(templates: any PartialSource) {
    self.templates = templates
  }

  /// `index.html` for `report`, or for an excerpt of it (``ReportExcerpt``), with how many findings
  /// and files it left out. The template sees those counts as `view.findingsLeftOut` and
  /// `view.filesLeftOut`, and the lists under the verdict as `view.blockers`, `view.warnings` and
  /// `view.warningsOpen`. Screenshots marked `embedded` show the bytes `images` carries for them.
  package func html(
    _ report: Report, findingsLeftOut: Int = 0, filesLeftOut: Int = 0, images: EmbeddedImages = EmbeddedImages()
  ) throws -> Data {
    let page = try ReportView.page(report, images: images)
    let view = HTMLPageView(
      model: FindingGroups.overview(findings: page.findings, platforms: report.platforms, summary: report.summary),
      findingsLeftOut: findingsLeftOut, filesLeftOut: filesLeftOut)
    let data = try TemplateValueEncoder.encode(
      RenderedPage(model: try TemplateValueEncoder.encode(page.view), findings: page.view.findings, view: view))
    return Data(try render(data, template: "index.html", escaping: .reportHTML).utf8)
  }

  /// `report.md` for `report`, or for the excerpt ``ReportExcerpt/markdown(_:maxBytes:)`` makes,
  /// no larger than `maxBytes` when given. Whatever the evidence, it is written:
  /// first the longest values are shortened (down to `valueFloor` bytes, marked), then the
  /// sections that grow with the evidence are left out (`MarkdownView.trimSteps`), then infos and
  /// warnings from the last, then the small sections (`lastTrimSteps`, each giving them room
  /// again), then the errors that head the report from the last, and last values are shortened
  /// further (down to `valueMinimum`). The smallest form is the title, the headline, the counts
  /// and the link to the HTML report; the template says what was left out.
  /// - Parameters:
  ///   - maxBytes: the size limit in UTF-8 bytes, or nil for no limit.
  ///   - htmlReport: where the Markdown links to the full report.
  /// - Throws: `RenderError.markdownTooLarge` when even the smallest form is over the limit,
  ///   `TemplateError` for template problems.
  package func markdown(
    _ report: Report, maxBytes: Int? = nil, htmlReport: String = ReportFormat.html.fileName
  ) throws -> Data {
    var page = try ReportView.page(report)
    // Findings in the order the page lists them, so the ones left out are those it lists last.
    let findings = FindingGroups.displayOrder(page.findings, platforms: report.platforms)
    page.view.findings = []
    // The headline and the file inventory stay whole (``WholeMembers``); the rest of the page is
    // what values are shortened in.
    let kept = Self.members(try TemplateValueEncoder.encode(WholeMembers(page.view)))
    let shortenable = try TemplateValueEncoder.encode(ShortenablePage(model: page.view))
    let model = Self.members(shortenable).merging(kept) { member, _ in member }
    var shortened: (limit: Int?, model: [String: TemplateValue], findings: [FindingView]) = (nil, model, findings)
    let marker = Data(TemplateValue.shortenedMarker.utf8)
    // Each step of fitting the budget renders again only the sections whose data it changed.
    let memo = RenderMemo()
    func render(_ view: MarkdownView) throws -> Data {
      if view.valueLimit != shortened.limit, let limit = view.valueLimit {
        let members = Self.members(shortenable.shortened(to: limit))
        shortened = (limit, members.merging(kept) { member, _ in member }, findings.map { $0.shortened(to: limit) })
      }
      let listed = view.valueLimit == nil ? findings : shortened.findings
      let data = try TemplateValueEncoder.encode(
        RenderedPage(
          model: .object(view.valueLimit == nil ? model : shortened.model), findings: listed.map(\.value),
          view: view.value(report: report, findings: listed)))
      let output = Data(try self.render(data, template: "report.md", escaping: .markdown, memo: memo).utf8)
      // Only values the Markdown shows count: when none of them was cut, the note says nothing of it.
      guard view.valueLimit == nil || output.range(of: marker) != nil else {
        var plain = view
        plain.valueLimit = nil
        return try render(plain)
      }
      return output
    }
    var view = MarkdownView(maxBytes: maxBytes, htmlReport: htmlReport)
    // The report may be an excerpt listing only the findings that could fit (ReportExcerpt): its
    // summary counts them all.
    view.findingsTotal = report.summary.errors + report.summary.warnings + report.summary.infos
    let whole = try render(view)
    guard let maxBytes, whole.count > maxBytes else { return whole }
    func fitting(_ view: MarkdownView) throws -> Data? {
      let output = try render(view)
      return output.count <= maxBytes ? output : nil
    }
    /// The largest `view[keyPath:]` in `range` whose output fits (assuming fewer fit when
    /// larger), and that output; nil when not even the smallest fits.
    func largest(_ keyPath: WritableKeyPath<MarkdownView, Int?>, in range: ClosedRange<Int>) throws -> Data? {
      var candidate = view
      candidate[keyPath: keyPath] = range.lowerBound
      guard var best = try fitting(candidate) else { return nil }
      var fits = range.lowerBound
      var overflows = range.upperBound + 1
      while overflows - fits > 1 {
        candidate[keyPath: keyPath] = (fits + overflows) / 2
        if let output = try fitting(candidate) {
          fits = candidate[keyPath: keyPath]!
          best = output
        } else {
          overflows = candidate[keyPath: keyPath]!
        }
      }
      view[keyPath: keyPath] = fits
      return best
    }

    let longest = max(shortenable.longestString, findings.map(\.value.longestString).max() ?? 0)
    if longest > Self.valueFloor {
      if let output = try largest(\.valueLimit, in: Self.valueFloor...(longest - 1)) { return output }
      view.valueLimit = Self.valueFloor
    }
    for step in MarkdownView.trimSteps {
      view[keyPath: step] = false
      if let output = try fitting(view) { return output }
    }
    // Infos, then warnings, go before the small sections; errors (listed first) go last.
    let listed = findings
    let count = listed.count
    let errors = listed.count { $0.finding.severity == .error }
    if let output = try largest(\.findingsShown, in: errors...count) { return output }
    for step in MarkdownView.lastTrimSteps {
      view[keyPath: step] = false
      if let output = try largest(\.findingsShown, in: errors...count) { return output }
    }
    if let output = try largest(\.findingsShown, in: 0...count) { return output }
    view.findingsShown = 0
    if longest > Self.valueMinimum,
      let output = try largest(\.valueLimit, in: Self.valueMinimum...(min(longest, Self.valueFloor) - 1))
    {
      return output
    }
    view.valueLimit = longest > Self.valueMinimum ? Self.valueMinimum : nil
    // The note names the budget, so the size needed depends on its digits: settle on a budget
    // that fits its own note.
    var needed = try render(view).count
    for _ in 0..<4 {
      view.maxBytes = needed
      let size = try render(view).count
      if size <= needed { break }
      needed = size
    }
    throw RenderError.markdownTooLarge(needed: needed, limit: maxBytes)
  }

  /// The members of `page`, part of a page's data (an object; shortening keeps it one).
  private static func members(_ page: TemplateValue) -> [String: TemplateValue] {
    guard case .object(let members) = page else { preconditionFailure("a page encodes as an object") }
    return members
  }

  /// Values are shortened to no less than this many bytes before any section is left out.
  static let valueFloor = 512
  /// The shortest a value gets, in the smallest form.
  static let valueMinimum = 16

  private func render(_ value: TemplateValue, template name: String, escaping: Escaping, memo: RenderMemo? = nil)
    throws -> String
  {
    guard let template = try templates.template(named: name) else {
      throw RenderError.missingTemplate(name)
    }
    guard let memo else { return try template.render(value, partials: templates, escaping: escaping, strict: true) }
    return try template.render(value, partials: templates, escaping: escaping, strict: true, memo: memo)
  }
}
