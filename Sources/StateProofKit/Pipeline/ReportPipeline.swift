import Foundation
import StateProofDiscover
import StateProofMatch
import StateProofModel
import StateProofSystem
import StateProofEvidence
import StateProofRender

/// The pipeline `stateproof report` and the library run: options, configuration, baseline and
/// templates first (so a mistake there stops the run before any evidence is read), then discover
/// and read, match, record how the report was made, and compare with the baseline.
package enum ReportPipeline {
  /// - Parameters:
  ///   - environment: Where `STATEPROOF_TEMPLATES` is looked up.
  ///   - observer: Told of every file read, and of the end of reading before matching starts.
  package static func run(
    evidence paths: [String], options: ReportOptions, environment: [String: String],
    observer: (any ReadObserver)? = nil
  ) throws(StateProofError) -> ReportRun {
    try EvidencePaths.check(paths)
    guard options.markdownMaxBytes > 0 else {
      throw .option(.markdownBudget(options.markdownMaxBytes))
    }
    if case .below(let bytes) = options.embedding, bytes < 0 {
      throw .option(.embeddingLimit(bytes))
    }
    if options.bundle != nil, !options.formats.contains(.json) {
      throw .option(.bundleWithoutJSON)
    }
    if let path = options.history, !options.formats.contains(.json) {
      throw .history(file: path, reason: .withoutJSON)
    }
    // The history before any evidence is read: a line that is not a record stops the run.
    let history = try options.history.map { (path) throws(StateProofError) in
      try HistoryFile.checkPlace(path)
      return try HistoryFile.read(path, missingIsEmpty: true)
    }
    // The bundle's folder before any evidence is read (the report folder is checked when written).
    if let bundle = options.bundle { try EvidenceBundle.validate(bundle, evidence: paths, reportFolder: nil) }
    for allowance in options.allowances where Allowance.isBlank(allowance.reason) {
      throw .option(.allowanceWithoutReason(allowance.code))
    }
    let configuration: ReportConfiguration
    if let given = options.configuration {
      configuration = given
    } else {
      configuration = try ReportConfiguration.find(evidence: paths)
    }
    let baseline = try options.baseline.map(BaselineLoader.load)
    // Acceptances are judged on the day of this machine's clock (UTC), never on the report's
    // time: --generated-at and SOURCE_DATE_EPOCH (in CI, a commit's date, which its committer
    // writes) set only what the report prints. `verify` judges again on the day a report recorded.
    let day = options.acceptanceDay ?? ZonedTime.now().day
    let dated = (configuration.configuration.allow + options.allowances).contains { $0.until != nil }
    let acceptanceDay = AcceptanceDay(day: dated ? day : nil, source: .today)
    let matcher: CoverageMatcher
    do {
      matcher = try CoverageMatcher(
        configuration: configuration.configuration, allowances: options.allowances, today: day,
        builtAt: options.builtAt?.evidenceTime(source: "--built-at"), builds: options.builds, window: options.window)
    } catch {
      throw .configuration(
        file: configuration.file ?? "configuration", configuration.document.map(error.placed(in:)) ?? error)
    }
    let rows = matcher.policy.matrix.rows.map(\.id.description)
    for allowance in options.allowances {
      guard let row = allowance.row?.description, !rows.contains(row) else { continue }
      throw .option(.allowanceRow(code: allowance.code, row: row, nearest: NearestNames.nearest(to: row, among: rows)))
    }
    let templates = try TemplateLocator.templates(overrides: options.templates, environment: environment)
    let renderer = ReportRenderer(templates: templates.source)
    let build = try ToolBuild(
      commit: StateProof.commit, builtAt: StateProof.builtAt,
      executableSHA256: options.executable.map { (path) throws(StateProofError) in
        guard case .success(let file) = SHA256.file(at: path) else { throw .hashFailed(file: path) }
        return file.sha256
      },
      // What the executable could read and show; a library caller's report names none.
      libraries: options.executable.map { _ in
        OptionalLibrary.onThisPlatform.map { LibraryRecord(name: $0.rawValue, version: $0.version) }
      })

    var collected = EvidenceCollector.collect(
      paths: paths, matcher: matcher, progress: observer, xcresultTool: XCResultTool(environment: environment),
      maxAttachmentBytes: options.maxAttachmentBytes)
    // What xcresulttool exported stays until the run is gone: its screenshots are copied later.
    let exports = TemporaryFolders(collected.temporaryFolders)
    try observer?.end()
    // What the walk and the readers freed, on every core, goes back before the report is made.
    FreedMemory.release()
    var report = matcher.report(
      collected.evidence, roots: paths, generatedAt: options.generatedAt?.text,
      configurationFindings: configuration.shadowing, baseline: baseline.map { (path: $0.0, report: $0.1) })
    AssetNames.name(&report)
    report.provenance = Provenance(
      version: StateProof.version, build: build, command: options.commandLine, options: options.recorded,
      configuration: ConfigurationRecord(
        file: configuration.file, source: configuration.source, sha256: configuration.sha256,
        shadowed: configuration.shadowed, settings: configuration.settings, deviations: matcher.policy.matrix.deviations
      ),
      templates: templates.record, shippedTemplates: templates.shipped.digest, acceptanceDay: acceptanceDay)
    // The report holds what it needs of the evidence; the rest (a record per file, 100,000 of
    // them in a big run) goes before the baseline is compared and the outputs are rendered.
    collected.evidence = EvidenceSet()
    FreedMemory.release()
    if let (path, previous) = baseline {
      report.changes = BaselineComparison.changes(from: previous, to: report, path: path)
    }
    if let path = options.history, let history {
      report.history = HistoryTrend(
        file: path, page: options.historyURL, records: history.records[...],
        current: SignOffRecord(report: report, version: StateProof.version))
    }
    return ReportRun(
      report: report, options: options, renderer: renderer, images: collected.images, exports: exports,
      templates: templates, history: history)
  }
}
