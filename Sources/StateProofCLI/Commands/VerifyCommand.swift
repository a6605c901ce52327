import Foundation
@_spi(CLI) import StateProofKit

/// `stateproof verify`: checks a report folder months later against itself and its evidence,
/// file by file, and decides the report again (``StateProof/verify(report:evidence:)``).
enum VerifyCommand: Command {
  /// The options `stateproof verify` takes, in the order help lists them.
  enum Option: String, CommandOption {
    case format
    case differences
    case statement
    case key
    case unsigned
    case noSignatureCheck = "no-signature-check"
    case allowUnchecked = "allow-unchecked"
    case history
  }

  static let spec = CommandSpec(
    name: "verify",
    summary: "Check a report folder against its evidence: every file's SHA-256, and the verdict decided again.",
    arguments: "REPORT_DIR [PATH...]", minimumArguments: 0, maximumArguments: nil,
    options: [
      OptionSpec("format", value: "FORMAT", help: "text (default) or json: the whole result as one JSON object."),
      OptionSpec("differences", help: "List only the files that differ (the counts still cover every file)."),
      OptionSpec(
        "statement", value: "FILE",
        help:
          "The signed statement: the DSSE envelope, Sigstore bundle or cosign bundle its signer made from the attestation report --attestation wrote. Only the signed payload is read (any other key is refused); every subject is checked against the folder (missing, changed), and report.json must be one."
      ),
      OptionSpec(
        "key", value: "PUBLIC_KEY",
        help: """
          Check the statement's signature with this public key: PEM (PUBLIC KEY, or RSA PUBLIC KEY) as cosign \
          generate-key-pair, openssl, cloud KMS and scripts/dsse keygen write it, or securesystemslib's .pub.json, \
          whose scheme it checks exactly. Ed25519; ECDSA P-256 (SHA-256) or P-384 (SHA-384); RSA of 2048 bits or \
          more with SHA-256, PKCS#1 v1.5 or PSS (a PEM RSA key names no scheme and takes either). One signature (of \
          at most 16) must be the key's over exactly the payload read. Without it the signature is not checked: the \
          output ends on "signature not checked" and verify exits 1, unless --no-signature-check is given.
          """),
      OptionSpec(
        "unsigned",
        help:
          "Accept a statement that nothing signs (a bare attestation, an envelope without signatures): its subjects are checked, and the output says it is unsigned."
      ),
      OptionSpec(
        "no-signature-check",
        help: """
          With --statement and no --key: the signature is checked elsewhere (cosign verify-blob-attestation for a \
          keyless signature, scripts/dsse verify), so verify checks the subjects and exits 0 when all else matches; \
          the output still says the signature was not checked here.
          """),
      OptionSpec(
        "allow-unchecked",
        help:
          "Exit 0 even when a report file cannot be made again from report.json (a template override that is gone, another StateProof version); it is still listed as not-checked, with why."
      ),
      OptionSpec("history", value: "FILE", help: HistoryVerifyText.optionHelp),
    ],
    keyedBy: Option.self,
    discussion: """
      Reads REPORT_DIR/report.json, the one anchor, and checks: every other file StateProof wrote \
      there (index.html, report.md, junit.xml, assets/, attestation.intoto.json, SHA256SUMS), made \
      again from report.json with the options and templates it records and compared byte for byte; \
      with --statement, every subject of the signed statement (report.json among them); every evidence file the report \
      cites against the size and SHA-256 it recorded, found under the PATHs (as the report names its \
      evidence paths, as a bundle unpacks them under evidence/, or anywhere when one path is left \
      on each side; without PATHs, where the report found them); files there now that the report \
      does not cite; and the verdict, rows and findings decided again from that evidence with the \
      configuration, accepted gaps and day the report recorded. Each file is unchanged, changed, \
      missing, new, not-hashed (the report could not read it either), unhashed-evidence (the report \
      used it without a SHA-256: verify fails) or not-checked (its evidence \
      path was not given). Without PATHs in an unpacked bundle (report/ beside evidence/), the \
      evidence is the bundle's, and the output says so. A report made by another StateProof \
      version, or with other shipped templates, says which and how to get them.

      With --history FILE, verify checks a sign-off history instead (report --history writes it): \
      the hash chain, line by line, and each REPORT given (a report folder, an unpacked bundle, a \
      report.json, or a folder of them) against the line that records its report.json.
      """,
    exitStatus: [
      (0, "every file matches and the evidence decides the same verdict, rows and findings"),
      (
        1,
        """
        a file is changed, missing, new or not checked (a report file that cannot be made again, unless \
        --allow-unchecked), the statement's signature does not verify with --key or is not checked (no --key, no \
        --no-signature-check), a subject of the statement differs, or the decision differs
        """
      ),
      (
        2,
        """
        usage error: no report.json in REPORT_DIR (or REPORT_DIR is a bundle not unpacked yet: the message says how), \
        a PATH that is not there or none of the report's evidence paths, \
        a --statement that is not one (or holds a key its shape does not have, carries more than 16 signatures, or is \
        unsigned without --unsigned), a --key that is not a public key StateProof checks (an RSA key below 2048 bits \
        among them), --no-signature-check with --key or without --statement
        """
      ),
    ],
    examples: [
      "stateproof verify stateproof-report",
      "stateproof verify stateproof-report android-evidence ios-evidence",
      "stateproof verify --statement stateproof-report.dsse.json --key signing.pub report",
      "stateproof verify --statement stateproof-report.sigstore.json --no-signature-check report",
      "tar -xzf release-4.2.0.tar.gz && stateproof verify report",
      "stateproof verify --history sign-offs.jsonl reports/",
    ])

  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32 {
    let json = try TextOrJSON(argument: arguments.value(.format), command: spec.name) == .json
    if let history = arguments.value(.history) {
      let reportOptions: [Option] = [.statement, .key, .unsigned, .noSignatureCheck, .allowUnchecked]
      for option in reportOptions where arguments.flag(option) {
        throw UsageError(
          command: spec.name, message: "--history checks a history file; --\(option.rawValue) is for a report folder")
      }
      return try HistoryVerifyText.run(history, reports: arguments.positionals, json: json, console: console)
    }
    guard let folder = arguments.positionals.first else {
      throw UsageError(command: spec.name, message: "expected \(spec.arguments), or --history FILE [REPORT...]")
    }
    let verification = try StateProof.verify(
      report: folder, evidence: Array(arguments.positionals.dropFirst()), statement: arguments.value(.statement),
      key: arguments.value(.key), allowUnsigned: arguments.flag(.unsigned),
      allowUnchecked: arguments.flag(.allowUnchecked),
      signatureCheckNotWanted: arguments.flag(.noSignatureCheck), environment: console.environment)
    if json {
      try console.write(String(decoding: try StateProof.json(verification), as: UTF8.self) + "\n")
    } else {
      try console.write(text(verification, differencesOnly: arguments.flag(.differences)))
    }
    return verification.passes ? 0 : 1
  }

  /// The result as lines for a terminal or a CI log: every name from the report or the evidence
  /// escaped (``CommandLineTool/line(_:)``).
  static func text(_ verification: Verification, differencesOnly: Bool) -> String {
    var out = ""
    // The signature first, as docs/audit.md orders the checks: whatever follows is only worth
    // what the signature makes it.
    if let statement = verification.statement {
      if let signature = verification.signature {
        out += CommandLineTool.line(
          self.signature(signature, of: statement, notWanted: verification.signatureCheckNotWanted))
      }
      out += CommandLineTool.line("Statement \(statement), its subjects against the report folder:")
      out += files(verification.statementFiles, differencesOnly: differencesOnly)
    }
    let made =
      verification.reportVersion.map { "made by StateProof \($0)" } ?? "made by an unrecorded StateProof version"
    out += CommandLineTool.line("Report folder \(verification.reportFolder) (\(made)):")
    if let version = verification.reportVersion, version != verification.verifierVersion {
      out += CommandLineTool.line(
        "This is StateProof \(verification.verifierVersion), so its pages cannot be made again here and a different "
          + "decision may come from the tool: to verify with the version that made it, "
          + StateProof.howToGet(version: version, build: verification.reportBuild) + ".")
    }
    out += files(verification.reportFiles, differencesOnly: differencesOnly)
    if let bundle = verification.evidenceFoundIn {
      out += CommandLineTool.line(
        "Evidence: no PATH given, so the unpacked bundle's, in \(bundle) beside the report folder.")
    }
    for root in verification.evidence {
      let place =
        switch root.checkedAt {
        case nil: ", not given: not checked"
        case root.recorded?: ""
        case let other?: ", checked at \(other)"
        }
      out += CommandLineTool.line("Evidence \(root.recorded)\(place):")
      if let note = root.note { out += CommandLineTool.line("  (\(note).)") }
      if let meant = root.didYouMean, let given = root.checkedAt {
        // Every file would be missing or new there: counted, not listed one by one.
        out += CommandLineTool.line("  " + didYouMean(meant, given: given))
        out += CommandLineTool.line(
          "  \(counted([root.files])): not listed, as the evidence is not there (--format json lists them).")
      } else {
        out += files(root.files, differencesOnly: differencesOnly)
      }
    }
    for line in decision(verification) { out += CommandLineTool.line(line) }
    let lists = [verification.reportFiles, verification.statementFiles] + verification.evidence.map(\.files)
    out += CommandLineTool.line("Files: \(counted(lists)). " + conclusion(verification))
    return out
  }

  /// How many files of `lists` are in each state ("36 unchanged, 2 changed"), or "none"; counted
  /// list by list, so the files of 1,000,000 are not copied into one list to be counted.
  private static func counted(_ lists: [[VerifiedFile]]) -> String {
    let counts = FileState.allCases.compactMap { state -> String? in
      let count = lists.reduce(0) { count, files in count + files.count { $0.state == state } }
      return count == 0 ? nil : "\(count) \(state.rawValue)"
    }
    return counts.isEmpty ? "none" : counts.joined(separator: ", ")
  }

  /// The last sentence: the signature's failure first, then whether the report matches, ending
  /// on a signature left unchecked, which `verify` fails on unless it is not wanted.
  private static func conclusion(_ verification: Verification) -> String {
    if verification.signature?.state == .doesNotVerify {
      return "The statement's signature does not verify with the key: nothing it names can be trusted."
    }
    let matches = verification.differs ? "The report does not match: see above" : "The report matches its evidence"
    switch verification.signature?.state {
    case .notChecked? where verification.signatureUnchecked:
      return matches
        + "; signature not checked (no --key): give --key PUBLIC_KEY, or --no-signature-check when the signer's tool checked it."
    case .notChecked?:
      return matches + "; its signature was not checked here (--no-signature-check)."
    default:
      return matches + "."
    }
  }

  /// "X holds none of the files the report cites there: did you mean A (or B)?"
  private static func didYouMean(_ folders: [String], given: String) -> String {
    "\(given) holds none of the files the report cites there, but "
      + (folders.count == 1 ? "\(folders[0]) holds some" : "\(folders.joined(separator: ", ")) hold some")
      + ": did you mean " + folders.joined(separator: " or ") + "?"
  }

  /// The signature's line: what was checked, with which key, or that it was not (`notWanted`:
  /// with `--no-signature-check`).
  private static func signature(_ check: SignatureCheck, of statement: String, notWanted: Bool) -> String {
    let key = check.key.map { key in
      "\(key) (\(check.keyAlgorithm ?? "key"), SHA-256 \(short(check.keySHA256)))"
    }
    let count =
      check.state == .unsigned
      ? "" : check.signatures == 1 ? " with 1 signature" : " with \(check.signatures) signatures"
    let head = "Signature of \(statement), \(check.wrapping)\(count): "
    switch check.state {
    case .verified: return head + "verified with \(key ?? "the key"): the statement read is the one signed."
    case .doesNotVerify: return head + "DOES NOT VERIFY with \(key ?? "the key"): \(check.note ?? "")."
    case .notChecked where notWanted: return head + "not checked here: \(check.note ?? "")."
    case .notChecked: return head + "not checked (no --key): \(check.note ?? "")."
    case .unsigned: return head + "none; \(check.note ?? "")."
    }
  }

  private static func files(_ files: [VerifiedFile], differencesOnly: Bool) -> String {
    var out = ""
    for file in files where !differencesOnly || file.state.differs {
      var detail = ""
      switch file.state {
      case .changed:
        let bytes =
          if let was = file.recordedBytes, let now = file.currentBytes, was != now {
            ", \(was) bytes then, \(now) now"
          } else { "" }
        detail = " (SHA-256 \(short(file.recordedSHA256)) then, \(short(file.currentSHA256)) now\(bytes))"
      case .missing, .notChecked:
        detail = file.recordedSHA256.map { " (SHA-256 \(short($0)))" } ?? ""
      case .new:
        detail =
          file.currentSHA256.map { " (SHA-256 \(short($0)), not cited by the report)" } ?? " (not cited by the report)"
      case .unchanged, .notHashed, .unhashedEvidence:
        break
      }
      if let note = file.note { detail += ": \(note)" }
      let name = file.path.isEmpty ? "(the evidence path itself)" : file.path
      out += CommandLineTool.line(
        "  " + file.state.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + name + detail)
    }
    return out
  }

  /// The decision's lines: one saying whether it is the report's, then what differs, a line
  /// each, at most ``shownDifferences`` of them (`--format json` lists every one).
  private static func decision(_ verification: Verification) -> [String] {
    let recorded = name(verification.recordedVerdict)
    guard let verdict = verification.currentVerdict else {
      return ["Decision: not decided again: \(verification.notDecidedBecause ?? "unknown")."]
    }
    let current = name(verdict)
    if verification.decisionMatches {
      return ["Decision: \(current), as recorded (decided again from the evidence with the report's configuration)."]
    }
    var differences = verification.rowChanges.map {
      "row \($0.id): \($0.from?.rawValue ?? "absent") then, \($0.to?.rawValue ?? "absent") now"
    }
    differences += verification.newFindings.map { "new finding \($0.code.rawValue) \(subject(of: $0))" }
    differences += verification.resolvedFindings.map { "finding gone: \($0.code.rawValue) \(subject(of: $0))" }
    let rows = verification.rowChanges.count
    let findings = verification.newFindings.count + verification.resolvedFindings.count
    guard rows + findings > 0 else {
      // Only the verdict differs: report.json's verdict is not the one its own rows and findings
      // give (edited by hand, or by another tool).
      return [
        "Decision: would now be \(current); the report says \(recorded), yet no row or finding differs: "
          + "its recorded verdict does not follow from its own rows and findings."
      ]
    }
    let counted =
      [
        rows == 0 ? nil : rows == 1 ? "1 row" : "\(rows) rows",
        findings == 0 ? nil : findings == 1 ? "1 finding" : "\(findings) findings",
      ].compactMap { $0 }.joined(separator: " and ") + (rows + findings == 1 ? " differs" : " differ")
    var lines = [
      verdict == verification.recordedVerdict
        ? "Decision: \(current) as recorded, but \(counted):"
        : "Decision: would now be \(current); the report says \(recorded). \(counted):"
    ]
    lines += differences.prefix(shownDifferences).map { "  " + $0 }
    if differences.count > shownDifferences {
      lines.append("  … and \(differences.count - shownDifferences) more (--format json lists every one)")
    }
    return lines
  }

  /// How many of the decision's differences the text lists.
  static let shownDifferences = 10

  /// What a finding is about, for a line: its row, else its platform, else its file.
  private static func subject(of finding: Finding) -> String {
    finding.row?.description ?? finding.platform?.rawValue ?? finding.files.first.map { "(\($0))" } ?? ""
  }

  private static func name(_ verdict: Verdict) -> String { verdict == .ready ? "Ready" : "Not ready" }

  private static func short(_ digest: String?) -> String {
    digest.map { String($0.prefix(12)) + "…" } ?? "none"
  }
}
