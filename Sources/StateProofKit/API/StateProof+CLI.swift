import Foundation
import StateProofRender
import StateProofSystem

/// What the command line needs beyond the public API, each for the reason given. SPI: each works
/// as the command line does (its own environment, its JSON, its spelling hints), which a library
/// caller has a public form for or no use of.
@_spi(CLI) extension StateProof {
  /// ``report(evidence:options:observer:)`` as `stateproof report` runs it: `STATEPROOF_TEMPLATES`
  /// read from the command's `environment` rather than the process's (tests run the command line
  /// in process with their own).
  public static func report(
    evidence paths: [String], options: ReportOptions, environment: [String: String], observer: (any ReadObserver)?
  ) throws(StateProofError) -> ReportRun {
    try ReportPipeline.run(evidence: paths, options: options, environment: environment, observer: observer)
  }

  /// ``verify(report:evidence:statement:key:allowUnsigned:allowUnchecked:signatureCheckNotWanted:)``
  /// with the command's environment (`STATEPROOF_TEMPLATES`, `xcrun`) rather than the process's.
  public static func verify(
    report folder: String, evidence paths: [String], statement: String?, key: String?, allowUnsigned: Bool,
    allowUnchecked: Bool, signatureCheckNotWanted: Bool, environment: [String: String]
  ) throws(StateProofError) -> Verification {
    try ReportVerifier.verify(
      report: folder, evidence: paths, environment: environment, statement: statement, key: key,
      allowUnsigned: allowUnsigned, allowUnchecked: allowUnchecked, signatureCheckNotWanted: signatureCheckNotWanted)
  }

  /// ``historyPages(_:file:options:)`` as `stateproof history` runs it: `STATEPROOF_TEMPLATES`
  /// read from the command's `environment` rather than the process's.
  public static func historyPages(
    _ history: SignOffHistory, file: String, options: HistoryOptions, environment: [String: String]
  ) throws(StateProofError) -> HistoryPages {
    guard options.markdownMaxBytes > 0 else { throw .option(.markdownBudget(options.markdownMaxBytes)) }
    let templates = try TemplateLocator.templates(overrides: options.templates, environment: environment)
    let renderer = HistoryRenderer(templates: templates.source)
    let view = HistoryView(history, file: file)
    do {
      return HistoryPages(
        html: try renderer.html(view),
        markdown: try renderer.markdown(view, maxBytes: options.markdownMaxBytes, htmlPage: options.htmlURL))
    } catch RenderError.markdownTooLarge(let needed, let limit) {
      throw .render(
        message: "\(HistoryPages.markdownFileName) needs at least \(needed) bytes with every optional part left out; "
          + "the limit is \(limit)")
    } catch {
      throw StateProofError(rendering: error)
    }
  }

  /// `value` as the command line prints JSON (`verify --format json`, `--version --json`): one
  /// object, keys sorted.
  public static func json(_ value: some Encodable) throws(StateProofError) -> Data {
    do {
      return try SortedJSONEncoder.encode(value)
    } catch let error as StateProofError {
      throw error
    } catch {
      throw .write(path: "the result", reason: .encode(reason: "\(error)"))
    }
  }

  /// `" (did you mean X?)"` for the names of `known` nearest to `word`, each shown after `prefix` (`--`);
  /// empty when none is near. The command line's unknown commands and options are told the same
  /// way as the configuration's keys and ids, from one matcher.
  public static func didYouMean(_ word: String, among known: [String], shownAs prefix: String = "") -> String {
    NearestNames.didYouMean(NearestNames.nearest(to: word, among: known).map { prefix + $0 })
  }
}
