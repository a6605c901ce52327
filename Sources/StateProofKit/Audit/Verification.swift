import StateProofModel

/// What `stateproof verify` found (``StateProof/verify(report:evidence:)``): the report folder's
/// own files against `SHA256SUMS` (and the attestation, when there is one), every cited evidence
/// file against the size and SHA-256 the report recorded, and the verdict decided again from the
/// evidence with the report's recorded configuration.
public struct Verification: Codable, Sendable {
  /// The report folder, as given.
  public var reportFolder: String
  /// The StateProof version that made the report; nil for a report that does not record it.
  public var reportVersion: String?
  /// The binary that made the report (its commit and SHA-256), when the report records it.
  public var reportBuild: ToolBuild?
  /// The StateProof version that verified it. A different one is reported, not a difference.
  public var verifierVersion: String
  /// The report folder's files StateProof writes, each against the bytes made again from
  /// `report.json` (``ReportDerivation``): pages, Markdown, JUnit, assets, attestation and
  /// `SHA256SUMS`. Files of other names, a user's notes, are not StateProof's and not checked.
  public var reportFiles: [VerifiedFile]
  /// The signed statement given (`--statement FILE`), when one was.
  public var statement: String?
  /// The statement's signature: checked with `--key`, not checked, or unsigned (`--unsigned`).
  public var signature: SignatureCheck?
  /// `--no-signature-check`: the caller checks the statement's signature with the signer's tool
  /// (a keyless signature, with cosign), so a signature not checked here does not fail `verify`.
  public var signatureCheckNotWanted: Bool = false
  /// The unpacked bundle's `evidence/` folder the evidence was found in, when no path was given
  /// and the report folder sits beside one (`report/` beside `evidence/`).
  public var evidenceFoundIn: String?
  /// Each subject of that statement against the folder (unchanged, changed or missing), and
  /// `report.json` as new when the statement does not name it.
  public var statementFiles: [VerifiedFile]
  /// `--allow-unchecked`: report files that could not be made again (`not-checked`, with why)
  /// do not make `verify` fail.
  public var uncheckedAllowed: Bool
  /// Each evidence path the report records, file by file.
  public var evidence: [VerifiedRoot]
  public var recordedVerdict: Verdict
  /// The verdict the evidence gives now with the recorded configuration; nil when it was not
  /// decided again (``notDecidedBecause`` says why).
  public var currentVerdict: Verdict?
  public var notDecidedBecause: String?
  /// Rows whose status, and findings that, differ from the report's when decided again.
  public var rowChanges: [RowChange]
  public var newFindings: [Finding]
  public var resolvedFindings: [Finding]

  public init(
    reportFolder: String, reportVersion: String?, verifierVersion: String, reportFiles: [VerifiedFile],
    evidence: [VerifiedRoot], recordedVerdict: Verdict, currentVerdict: Verdict?, notDecidedBecause: String?,
    rowChanges: [RowChange] = [], newFindings: [Finding] = [], resolvedFindings: [Finding] = [],
    statement: String? = nil, statementFiles: [VerifiedFile] = [], uncheckedAllowed: Bool = false
  ) {
    self.statement = statement
    self.statementFiles = statementFiles.sorted()
    self.uncheckedAllowed = uncheckedAllowed
    self.reportFolder = reportFolder
    self.reportVersion = reportVersion
    self.verifierVersion = verifierVersion
    self.reportFiles = reportFiles.sorted()
    self.evidence = evidence
    self.recordedVerdict = recordedVerdict
    self.currentVerdict = currentVerdict
    self.notDecidedBecause = notDecidedBecause
    self.rowChanges = rowChanges
    self.newFindings = newFindings
    self.resolvedFindings = resolvedFindings
  }

  /// Whether the decision, decided again, is the report's: same verdict, rows and findings.
  public var decisionMatches: Bool {
    currentVerdict == recordedVerdict && rowChanges.isEmpty && newFindings.isEmpty && resolvedFindings.isEmpty
  }

  /// Whether a signed statement's signature was left unchecked without the caller saying it is
  /// not wanted (no `--key`, no `--no-signature-check`): nothing ties the statement to a signer
  /// yet, so `stateproof verify` exits 1.
  public var signatureUnchecked: Bool {
    signature?.state == .notChecked && !signatureCheckNotWanted
  }

  /// Whether `stateproof verify` passes (exit status 0): nothing differs and the signature, where
  /// there is one, was checked or is not wanted.
  public var passes: Bool { !differs && !signatureUnchecked }

  /// Whether anything differs: a file changed, missing, new or not checked (a report file that
  /// could not be made again only without ``uncheckedAllowed``), a subject of the statement, or
  /// the decision. `stateproof verify` exits 1 then (and when ``signatureUnchecked``), else 0.
  public var differs: Bool {
    reportFiles.contains { $0.state.differs && !(uncheckedAllowed && $0.state == .notChecked) }
      || statementFiles.contains { $0.state.differs } || signature?.state == .doesNotVerify
      || evidence.contains(where: \.differs) || !decisionMatches
  }
}
