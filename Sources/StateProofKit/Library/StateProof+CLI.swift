import Foundation
import StateProofRender
import StateProofSystem

/// What the command line needs beyond the public API, each for the reason given: `@_spi(CLI)`,
/// so a library caller does not see it.
@_spi(CLI) extension StateProof {
  /// ``report(evidence:options:)`` as `stateproof report` runs it: `STATEPROOF_TEMPLATES` read
  /// from `environment`, and progress shown on standard error.
  public static func report(
    evidence paths: [String], options: ReportOptions, environment: [String: String], progress: ReadProgress
  ) throws(StateProofError) -> ReportRun {
    try ReportPipeline.run(
      evidence: paths, options: options, environment: environment, progress: progress)
  }

  /// ``verify(report:evidence:statement:key:allowUnsigned:allowUnchecked:)`` with the command's
  /// environment (`STATEPROOF_TEMPLATES`, `xcrun`) rather than the process's.
  public static func verify(
    report folder: String, evidence paths: [String], statement: String?, key: String?, allowUnsigned: Bool,
    allowUnchecked: Bool, environment: [String: String]
  ) throws(StateProofError) -> Verification {
    try ReportVerifier.verify(
      report: folder, evidence: paths, environment: environment, statement: statement, key: key,
      allowUnsigned: allowUnsigned, allowUnchecked: allowUnchecked)
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
