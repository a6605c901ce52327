import Foundation
import StateProofModel
import StateProofRender

/// The report as its formats show it, prepared once before any format is made (``ReportRun``'s
/// `write`, `render` and `verify`'s re-derivation). When `index.html` is among them: each HEIC
/// screenshot shown as a PNG made from it (the model then says which, so `report.json` does too),
/// the screenshots the options embed in the page, and the files to copy into `assets/`. And the
/// excerpts `index.html` and `report.md` render from when the report's lists are too long for them.
struct ShownReport {
  /// The model as its formats show it.
  private(set) var report: Report
  /// Each screenshot's file by SHA-256, each PNG made from a HEIC among them.
  let images: [String: URL]
  /// What `index.html` renders from: an excerpt, with the screenshots it carries inside itself.
  private var page: (excerpt: HTMLExcerpt, images: EmbeddedImages)?
  /// What `report.md` renders from.
  private var markdown: Report?
  /// The files `assets/` holds: every screenshot the page shows, and the PNG made from a HEIC.
  let assets: [(name: String, source: URL, sha256: String)]
  /// One line per HEIC screenshot the page could not show, or one per reason when many share it.
  let warnings: [String]
  /// The folder the PNGs were made in, removed when the last copy of this goes.
  private let displayFolder: TemporaryFolders
  private let options: ReportOptions

  /// Prepares `report` for `formats` (and for `report.md` when `markdown`, the job summary's).
  init(
    _ report: Report, images: [String: URL], options: ReportOptions, formats: Set<ReportFormat>,
    markdown: Bool = false
  ) {
    var report = report
    var images = images
    let showsPage = formats.contains(.html)
    let display = showsPage ? HEICDisplay.make(for: &report, images: images) : HEICDisplay()
    images.merge(display.images) { first, _ in first }
    self.report = report
    self.images = images
    self.options = options
    displayFolder = TemporaryFolders(display.folder.map { [$0] } ?? [])
    warnings = Self.displayWarnings(report, failures: display.failures)
    page = showsPage ? Self.page(report, images: images, options: options) : nil
    self.markdown =
      formats.contains(.md) || markdown ? ReportExcerpt.markdown(report, maxBytes: options.markdownMaxBytes) : nil
    var assets: [(name: String, source: URL, sha256: String)] = []
    var copied: Set<String> = []
    for item in showsPage ? report.platforms.flatMap({ $0.rows.flatMap(\.evidence) }) : [] {
      guard let asset = item.asset, let sha = item.sha256, copied.insert(asset).inserted, let source = images[sha]
      else { continue }
      assets.append((asset, source, sha))
      if let shown = item.display, let displaySha = item.displaySha256, copied.insert(shown).inserted,
        let png = images[displaySha]
      {
        assets.append((shown, png, displaySha))
      }
    }
    self.assets = assets
  }

  /// What `index.html` renders from (made now when it was not prepared).
  var pageExcerpt: (excerpt: HTMLExcerpt, images: EmbeddedImages) {
    page ?? Self.page(report, images: images, options: options)
  }

  /// What `report.md` renders from (made now when it was not prepared).
  var markdownExcerpt: Report {
    markdown ?? ReportExcerpt.markdown(report, maxBytes: options.markdownMaxBytes)
  }

  /// Draws the report with another history trend (before any format is made), the page's and
  /// the Markdown's excerpts with it.
  mutating func replaceHistory(_ history: HistoryTrend?) {
    report.history = history
    if let excerpt = page {
      var shown = excerpt
      shown.excerpt.report.history = history
      page = shown
    }
    markdown?.history = history
  }

  /// Lets the model's long lists go once the formats that write it whole hold it and the excerpts
  /// are made: only the rows are read after, and the pages render one after the other in the
  /// memory of one template tree.
  mutating func dropLists() {
    Self.dropLists(&report)
  }

  /// Empties `report`'s findings and evidence lists.
  static func dropLists(_ report: inout Report) {
    report.findings = []
    report.accepted = []
    report.evidence = []
  }

  private static func page(_ report: Report, images: [String: URL], options: ReportOptions)
    -> (excerpt: HTMLExcerpt, images: EmbeddedImages)
  {
    let embedded = options.embedding.apply(to: report, images: images)
    return (ReportExcerpt.html(embedded.report), embedded.images)
  }

  private static func displayWarnings(_ report: Report, failures: [String: String]) -> [String] {
    guard !failures.isEmpty else { return [] }
    var warned: Set<String> = []
    var byReason: [String: [String]] = [:]
    var reasons: [String] = []
    for item in report.platforms.flatMap({ $0.rows.flatMap(\.evidence) }) {
      guard let sha = item.sha256, let reason = failures[sha], warned.insert(item.path).inserted else { continue }
      if byReason[reason] == nil { reasons.append(reason) }
      byReason[reason, default: []].append(item.path)
    }
    return reasons.map { reason in
      let paths = byReason[reason]!
      let page = ReportFormat.html.fileName
      return paths.count == 1
        ? "\(paths[0]): the HEIC screenshot is linked, not shown, in \(page): \(reason)"
        : "\(paths.count) HEIC screenshots (\(paths[0]) and more) are linked, not shown, in \(page): \(reason)"
    }
  }
}
