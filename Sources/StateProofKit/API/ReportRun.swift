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
  /// The history file's sign-offs as read before the evidence (`--history`).
  let history: SignOffHistory?

  init(
    report: Report, options: ReportOptions, renderer: ReportRenderer, images: [String: URL],
    exports: TemporaryFolders = TemporaryFolders([]), templates: TemplateLocator.Templates? = nil,
    history: SignOffHistory? = nil
  ) {
    self.history = history
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
    let shown = ShownReport(report, images: images, options: options, formats: [format])
    let data = try output(format, of: shown).data()
    withExtendedLifetime(shown) {}
    return data
  }

  /// `format`'s output from the report as shown: the one place each format is made, for
  /// ``write(to:)``, ``render(_:)`` and `verify`, which makes every file again from `report.json`.
  func output(_ format: ReportFormat, of shown: ShownReport) throws(StateProofError) -> FormatOutput {
    switch format {
    case .json:
      let model = shown.report
      return .chunked { (sink) throws(StateProofError) in
        do {
          try JSONRenderer.render(model) { chunk in try sink(chunk) }
        } catch let error as StateProofError {
          throw error
        } catch {
          throw .write(path: format.fileName, reason: .encode(reason: "\(error)"))
        }
      }
    case .junit:
      let model = shown.report
      return .chunked { (sink) throws(StateProofError) in
        try JUnitRenderer.render(model) { (text: String) throws(StateProofError) in try sink(Data(text.utf8)) }
      }
    case .html:
      let page = shown.pageExcerpt
      return .whole(try html(page.excerpt, images: page.images))
    case .md:
      return .whole(try markdown(shown.markdownExcerpt))
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
  ///
  /// The report is prepared as shown (HEIC screenshots as PNGs, embedding, excerpts, assets),
  /// then each format is made, then the folder is committed with the attestation, and the bundle
  /// is packed from it.
  @_spi(CLI) public consuming func write(to folder: String, markdownForSummary: Bool) throws(StateProofError)
    -> WrittenReport
  {
    var output = ReportOutput(destination: URL(fileURLWithPath: folder), evidenceRoots: report.roots)
    let formats = ReportFormat.allCases.filter(options.formats.contains)
    var shown = ShownReport(
      report, images: images, options: options, formats: options.formats, markdown: markdownForSummary)
    ShownReport.dropLists(&report)
    var warnings = shown.warnings
    // With --history: this sign-off's line, made before the lists go; and when a line records
    // this very report already (a run made again), the trend it was drawn with then.
    let signOff = try historyLine(&shown)
    // The attestation's predicate and the bundle need the evidence list, which goes next.
    let predicate = options.attestation ? AttestationPredicate(shown.report) : nil
    let bundled = options.bundle == nil ? [] : shown.report.evidence
    // The formats written a chunk at a time hold the model as they are written into place; then
    // its long lists go, and the pages render from their excerpts.
    for format in formats where format.writing == .chunked {
      output.add(format, try self.output(format, of: shown))
    }
    shown.dropLists()
    var whole: [ReportFormat: Data] = [:]
    for format in formats where format.writing == .whole {
      let made = try self.output(format, of: shown)
      whole[format] = try made.data()
      output.add(format, made)
    }
    if options.embedding == .all, let page = whole[.html], page.count > ImageEmbedding.singleFileWarningBytes {
      warnings.append(
        "\(ReportFormat.html.fileName) holds every screenshot and is \(page.count >> 20) MB; "
          + "browsers and mail systems may refuse it "
          + "(--embed-max-bytes keeps large images in \(ReportFolder.assetsFolder)/)")
    }
    var markdown = whole[.md]
    if markdown == nil, markdownForSummary { markdown = try self.output(.md, of: shown).data() }
    for asset in shown.assets { output.copy(asset.source, as: asset.name, sha256: asset.sha256) }
    if let predicate {
      output.add(AttestationStatement.fileName) {
        (digests: ReportDigests, writer: DescriptorWriter) throws(StateProofError) in
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
      for (name, data) in templates?.shipped.files ?? [:] {
        carried[BundleLayout.shippedTemplatesFolder + "/" + name] = data
      }
      for (name, data) in templates?.overrides ?? [:] {
        carried[BundleLayout.overrideTemplatesFolder + "/" + name] = data
      }
      try EvidenceBundle.write(
        to: bundle, reportFolder: staging, reportFiles: files, templates: carried, evidence: bundled, time: time,
        locked: locked)
    }
    try output.commit(beforePlacing: bundle == nil ? nil : packBundle)
    withExtendedLifetime(shown) {}
    var appended: HistoryAppend?
    if let path = options.history, var signOff {
      signOff.reportSHA256 = output.digests.digests[ReportFormat.json.fileName] ?? ""
      signOff.attestationSHA256 = output.digests.digests[AttestationStatement.fileName]
      appended = try HistoryAppender.append(signOff, to: path)
      if appended?.chainIntact == false {
        warnings.append(
          "history \(path): its chain is broken before this sign-off's line (a line removed, reordered or edited); "
            + "stateproof verify --history \(path) names it")
      }
    }
    return WrittenReport(
      folder: output.destination.path, files: output.names.sorted(), sha256: output.digests.digests,
      markdown: markdown, warnings: warnings, history: appended)
  }

  /// This sign-off's history line, without its place in the chain and its digests (nil without
  /// `--history`). A report made again from the same evidence after its line was appended must
  /// be the same report, not a new sign-off: when a line of the history says the same of the same
  /// sign-off and records the SHA-256 of this report as drawn from the lines before that line,
  /// the report is drawn so, and its `report.json` is that line's.
  private func historyLine(_ shown: inout ShownReport) throws(StateProofError) -> SignOffRecord? {
    guard let path = options.history, let history else { return nil }
    let record = SignOffRecord(report: shown.report, version: StateProof.version)
    for (index, line) in history.records.enumerated() where line.sameSignOff(as: record) {
      var candidate = shown.report
      candidate.history = HistoryTrend(
        file: path, page: options.historyURL, records: history.records[..<index], current: record)
      let hasher = SHA256()
      do {
        try JSONRenderer.render(candidate) { chunk in chunk.withUnsafeBytes { hasher.update($0) } }
      } catch {
        throw .write(path: ReportFormat.json.fileName, reason: .encode(reason: "\(error)"))
      }
      guard hasher.finalize() == line.reportSHA256 else { continue }
      shown.replaceHistory(candidate.history)
      break
    }
    return record
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
