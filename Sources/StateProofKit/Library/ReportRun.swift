import Foundation
import StateProofModel
import StateProofRender
import StateProofSystem
import StateProofDiscover

/// One run of the pipeline over evidence paths (``StateProof/report(evidence:options:observer:)``): the
/// report model, the exit status it gives, and every output rendered from it, as bytes or as a
/// report folder.
public struct ReportRun: Sendable {
  /// The coverage model: exactly what `report.json` holds.
  public private(set) var report: Report
  /// The options it was run with; they also decide how it renders.
  public let options: ReportOptions
  let renderer: ReportRenderer
  /// Where each screenshot's bytes are, by SHA-256, for `assets/` and embedding.
  let images: [String: URL]
  /// Folders xcresulttool exported result bundles into; some `images` lie there, so they go
  /// only when the last copy of the run does.
  let exports: TemporaryFolders
  /// The templates it renders with, which a bundle carries; nil when re-made by `verify`.
  let templates: TemplateLocator.Templates?

  init(
    report: Report, options: ReportOptions, renderer: ReportRenderer, images: [String: URL],
    exports: TemporaryFolders = TemporaryFolders([]), templates: TemplateLocator.Templates? = nil
  ) {
    self.report = report
    self.options = options
    self.renderer = renderer
    self.images = images
    self.exports = exports
    self.templates = templates
  }

  /// The exit status `stateproof report` gives for this report: 1 when it fails at
  /// ``ReportOptions/failOn`` (by default: the verdict is not ready), else 0. (Errors that stop a
  /// run give 2; the library throws them instead.)
  public var exitStatus: Int32 { options.failOn.fails(report) ? 1 : 0 }

  /// One output's bytes, as ``write(to:)`` would write it. `index.html` refers to screenshots as
  /// `assets/SHA256.EXT`, which only a written folder holds, unless the options embed them (a
  /// HEIC's PNG too). `report.json` is as a folder without `index.html` has it: no HEIC `display`.
  public func render(_ format: ReportFormat) throws(StateProofError) -> Data {
    switch format {
    case .json: return try Self.json(report)
    case .junit: return JUnitRenderer.render(report)
    case .md: return try markdown(ReportExcerpt.markdown(report, maxBytes: options.markdownMaxBytes))
    case .html:
      // The page shows HEIC screenshots as the PNGs a written folder would hold.
      var shown = report
      var images = self.images
      let display = HEICDisplay.make(for: &shown, images: images)
      let folder = TemporaryFolders(display.folder.map { [$0] } ?? [])
      images.merge(display.images) { first, _ in first }
      let embedded = options.embedding.apply(to: shown, images: images)
      let excerpt = ReportExcerpt.html(embedded.report)
      withExtendedLifetime(folder) {}
      return try html(excerpt, images: embedded.images)
    }
  }

  /// Writes the report folder: the options' formats, and the screenshots `index.html` shows in
  /// `assets/`. The folder is created, or updated in place when StateProof wrote it (only the
  /// files it listed are replaced), and any other folder that is not empty is refused; readers
  /// never see half a report (see `--out` in docs/command-line.md). Each screenshot is hashed again as it is
  /// copied: one that changed since it was read stops the write with nothing written.
  ///
  /// Consuming: the run's long lists are let go once their JSON is made, so a report of 100,000
  /// files renders in the memory the command line needs.
  public consuming func write(to folder: String) throws(StateProofError) -> WrittenReport {
    try write(to: folder, markdownForSummary: false)
  }

  /// ``write(to:)``, also rendering `report.md` when its format is not written (for
  /// `--github-summary`). SPI: the job summary is the command line's.
  @_spi(CLI) public consuming func write(to folder: String, markdownForSummary: Bool) throws(StateProofError)
    -> WrittenReport
  {
    var output = ReportOutput(destination: URL(fileURLWithPath: folder), evidenceRoots: report.roots)
    let formats = options.formats
    var images = self.images
    var warnings: [String] = []
    // HEIC screenshots: the page shows a PNG made from each (report.json says which), made in a
    // folder removed once the report is written.
    let display = formats.contains(.html) ? HEICDisplay.make(for: &report, images: images) : HEICDisplay()
    let displayFolder = TemporaryFolders(display.folder.map { [$0] } ?? [])
    images.merge(display.images) { first, _ in first }
    // One line per screenshot, or one per reason when many share it (libheif missing).
    var warned: Set<String> = []
    var byReason: [String: [String]] = [:]
    var reasons: [String] = []
    for item in report.platforms.flatMap({ $0.rows.flatMap(\.evidence) }) {
      guard let sha = item.sha256, let reason = display.failures[sha], warned.insert(item.path).inserted else { continue }
      if byReason[reason] == nil { reasons.append(reason) }
      byReason[reason, default: []].append(item.path)
    }
    for reason in reasons {
      let paths = byReason[reason]!
      warnings.append(
        paths.count == 1
          ? "\(paths[0]): the HEIC screenshot is linked, not shown, in index.html: \(reason)"
          : "\(paths.count) HEIC screenshots (\(paths[0]) and more) are linked, not shown, in index.html: \(reason)")
    }
    if formats.contains(.json) {
      // Written into place when the folder is, a chunk at a time: the text of a report of
      // 100,000 files is never held whole (the model it is written from is held anyway).
      let model = report
      if formats.contains(.junit) {
        output.add("junit.xml") { (writer: DescriptorWriter) throws(StateProofError) in
          try JUnitRenderer.render(model) { (text: String) throws(StateProofError) in try writer.write(text) }
        }
      }
      output.add("report.json") { (writer: DescriptorWriter) throws(StateProofError) in
        do {
          try JSONRenderer.render(model) { chunk in try writer.write(chunk) }
        } catch let error as StateProofError {
          throw error
        } catch {
          throw .write(path: "report.json", reason: .encode(reason: "\(error)"))
        }
      }
    } else if formats.contains(.junit) {
      output.add("junit.xml", JUnitRenderer.render(report))
    }
    // index.html and report.md render from the report, or from an excerpt of it when its lists
    // are too long for a page (ReportExcerpt). Once those are made, the model's long lists go
    // from this copy (only the rows are read later, for the screenshots to copy), and the pages
    // render one after the other: one template tree in memory at a time.
    var carried = EmbeddedImages()
    var excerpt: HTMLExcerpt?
    if formats.contains(.html) {
      let embedded = options.embedding.apply(to: report, images: images)
      carried = embedded.images
      excerpt = ReportExcerpt.html(embedded.report)
    }
    let markdownExcerpt =
      formats.contains(.md) || markdownForSummary
      ? ReportExcerpt.markdown(report, maxBytes: options.markdownMaxBytes) : nil
    // The attestation's predicate and the bundle need the evidence list, which goes next.
    let predicate = options.attestation ? AttestationPredicate(report) : nil
    let bundled = options.bundle == nil ? [] : report.evidence
    report.findings = []
    report.accepted = []
    report.evidence = []
    if let excerpt {
      let html = try html(excerpt, images: carried)
      if options.embedding == .all, html.count > ImageEmbedding.singleFileWarningBytes {
        warnings.append(
          "index.html holds every screenshot and is \(html.count >> 20) MB; "
            + "browsers and mail systems may refuse it (--embed-max-bytes keeps large images in assets/)")
      }
      output.add("index.html", html)
    }
    let markdown = try markdownExcerpt.map { shown throws(StateProofError) in try self.markdown(shown) }
    if formats.contains(.md), let markdown { output.add("report.md", markdown) }
    if formats.contains(.html) {
      var copied: Set<String> = []
      for item in report.platforms.flatMap({ $0.rows.flatMap(\.evidence) }) {
        guard let asset = item.asset, let sha = item.sha256, copied.insert(asset).inserted,
          let source = images[sha]
        else { continue }
        output.copy(source, as: asset, sha256: sha)
        if let shown = item.display, let displaySha = item.displaySha256, copied.insert(shown).inserted,
          let png = images[displaySha]
        {
          output.copy(png, as: shown, sha256: displaySha)
        }
      }
    }
    if let predicate {
      output.add(AttestationStatement.fileName) { (digests: ReportDigests, writer: DescriptorWriter) throws(StateProofError) in
        try AttestationStatement(predicate: predicate, outputs: digests).write(to: writer)
      }
    }
    // With --bundle, the bundle is packed from the report as staged, and the report folder is
    // replaced only once the bundle is complete: a failed run leaves both as they were.
    let bundle = options.bundle
    let generatedAt = options.generatedAt
    let templates = self.templates
    func packBundle(staging: String, digests: ReportDigests, locked: String) throws(StateProofError) {
      guard let bundle else { return }
      var files: [String: String?] = digests.digests.mapValues { $0 }
      files[ReportDigests.fileName] = .some(SHA256.hex(of: digests.text))
      files[ReportMarker.fileName] = .some(nil)
      let time = max(0, generatedAt?.seconds ?? 0)
      var carried: [String: Data] = [:]
      for (name, data) in templates?.shipped.files ?? [:] { carried[BundleLayout.shippedTemplatesFolder + "/" + name] = data }
      for (name, data) in templates?.overrides ?? [:] { carried[BundleLayout.overrideTemplatesFolder + "/" + name] = data }
      try EvidenceBundle.write(
        to: bundle, reportFolder: staging, reportFiles: files, templates: carried, evidence: bundled, time: time,
        locked: locked)
    }
    try output.commit(beforePlacing: bundle == nil ? nil : packBundle)
    withExtendedLifetime(displayFolder) {}
    return WrittenReport(
      folder: output.destination.path, files: output.names.sorted(), sha256: output.digests.digests,
      markdown: markdown, warnings: warnings)
  }

  /// `report.json`'s bytes for `report` (or an excerpt of it).
  static func json(_ report: Report) throws(StateProofError) -> Data {
    do {
      return try JSONRenderer.render(report)
    } catch {
      throw .write(path: "report.json", reason: .encode(reason: "\(error)"))
    }
  }

  private func html(_ excerpt: HTMLExcerpt, images: EmbeddedImages) throws(StateProofError) -> Data {
    do {
      return try renderer.html(
        excerpt.report, findingsLeftOut: excerpt.findingsLeftOut, filesLeftOut: excerpt.filesLeftOut, images: images)
    } catch {
      throw StateProofError(rendering: error)
    }
  }

  private func markdown(_ report: Report) throws(StateProofError) -> Data {
    do {
      return try renderer.markdown(report, maxBytes: options.markdownMaxBytes, htmlReport: options.htmlURL)
    } catch {
      throw StateProofError(rendering: error)
    }
  }
}
