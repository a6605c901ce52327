import Foundation
import StateProofRender

/// What the command line needs beyond the public API, each for the reason given: `@_spi(CLI)`,
/// so a library caller does not see it.
@_spi(CLI) extension StateProof {
  /// ``report(evidence:options:)`` as `stateproof report` runs it: templates found by
  /// `environment` and beside the executable only (never in the package the library was built
  /// from), and progress shown on standard error.
  public static func report(
    evidence paths: [String], options: ReportOptions, environment: [String: String], progress: ReadProgress
  ) throws(StateProofError) -> ReportRun {
    try ReportPipeline.run(
      evidence: paths, options: options, environment: environment, templatesFromPackage: false, progress: progress)
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

  /// `verification` as `verify --format json` prints it: one JSON object, keys sorted.
  public static func json(_ verification: Verification) throws(StateProofError) -> Data {
    do {
      return try SortedJSONEncoder.encode(verification)
    } catch let error as StateProofError {
      throw error
    } catch {
      throw .write(path: "the result", reason: .encode(reason: "\(error)"))
    }
  }
}
