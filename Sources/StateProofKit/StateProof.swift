import Foundation

// The report model (Report, Finding, RowReport, …) is part of this library's API: a client's
// `import StateProofKit` sees it without importing the model's module. StateProofModel's public
// types are the report model and nothing else.
@_exported import StateProofModel

/// StateProof as a library: run the pipeline over evidence paths and get the report model back.
///
/// ```swift
/// let run = try StateProof.report(evidence: ["evidence"])
/// print(run.report.headline)
/// try run.write(to: "stateproof-report")
/// ```
public enum StateProof {
  /// The version `stateproof --version` prints.
  public static let version = "0.1.0"

  /// Discovers and reads every file under `paths` (files or folders), matches the evidence to
  /// the permission-state matrix and decides each row, receipt and the verdict: what
  /// `stateproof report` does before it writes anything.
  ///
  /// Templates are checked before any evidence is read: `options.templates` over the shipped
  /// ones, which are compiled in (or the folder `STATEPROOF_TEMPLATES` names, replacing them
  /// all). The process's environment is read for nothing else:
  /// `SOURCE_DATE_EPOCH` is the command line's, set ``ReportOptions/generatedAt`` instead.
  ///
  /// `observer`, when given, is told of every file as it is read (to show progress); the library
  /// shows nothing itself.
  ///
  /// - Throws: ``StateProofError`` when the configuration, the baseline, the templates or an
  ///   option cannot be used, or `observer` throws at the end of reading. Problems in evidence
  ///   files never throw: they are findings.
  public static func report(
    evidence paths: [String], options: ReportOptions = ReportOptions(), observer: (any ReadObserver)? = nil
  ) throws(StateProofError) -> ReportRun {
    try ReportPipeline.run(
      evidence: paths, options: options, environment: ProcessInfo.processInfo.environment, observer: observer)
  }

  /// Checks a report folder months later (`stateproof verify`): its files against those made
  /// again from its `report.json`; when a signed `statement` is given (a DSSE envelope, a
  /// Sigstore or cosign bundle), its signature checked with the PEM public `key` when one is given,
  /// and its subjects; every evidence file it cites against the size and SHA-256 it recorded
  /// (found under `paths`: as the report records them, as a bundle unpacks them, or anywhere
  /// when one is left on each side; none means the evidence of the unpacked bundle the folder is
  /// part of, else where the report found them), files there now that it does not cite, and the
  /// verdict decided again from that evidence with the report's recorded configuration. A signed
  /// statement whose signature is not checked (no `key`) fails the check
  /// (``Verification/passes``) unless `signatureCheckNotWanted` says the caller checks it with
  /// the signer's tool.
  ///
  /// - Throws: ``StateProofError`` when the folder holds no readable `report.json` (or is an
  ///   evidence bundle still packed), a path is not there or pairs with none of the report's
  ///   evidence paths, the statement or key cannot be read, the statement is unsigned without
  ///   `allowUnsigned`, `signatureCheckNotWanted` comes with a key or without a statement, or the
  ///   recorded configuration cannot be used.
  public static func verify(
    report folder: String, evidence paths: [String] = [], statement: String? = nil, key: String? = nil,
    allowUnsigned: Bool = false, allowUnchecked: Bool = false, signatureCheckNotWanted: Bool = false
  ) throws(StateProofError) -> Verification {
    try ReportVerifier.verify(
      report: folder, evidence: paths, environment: ProcessInfo.processInfo.environment, statement: statement,
      key: key, allowUnsigned: allowUnsigned, allowUnchecked: allowUnchecked,
      signatureCheckNotWanted: signatureCheckNotWanted)
  }

  /// Refuses evidence paths a run cannot use, before anything is read or written: an empty one,
  /// one where nothing is (``EvidenceAccessProblem/notFound(nearest:)`` names what is beside it),
  /// a folder that cannot be listed or a file that cannot be opened. ``report(evidence:options:observer:)``
  /// checks this first; `inspect` callers check it themselves.
  public static func checkEvidence(_ paths: [String]) throws(StateProofError) {
    try EvidencePaths.check(paths)
  }

  /// Refuses, before any evidence is read, a report folder ``ReportRun/write(to:)`` would refuse
  /// for these evidence paths: one that is, holds or lies inside evidence, a link that leads
  /// nowhere, or a folder holding files StateProof did not write.
  public static func checkReportFolder(_ folder: String, evidence paths: [String]) throws(StateProofError) {
    try ReportOutput(destination: URL(fileURLWithPath: folder), evidenceRoots: paths).validate()
  }
}
