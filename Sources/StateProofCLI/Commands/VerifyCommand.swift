import Foundation
import Mustache
@_spi(CLI) import StateProofKit

/// `stateproof verify`: checks a report folder months later against itself and its evidence,
/// file by file, and decides the report again (``StateProof/verify(report:evidence:)``).
enum VerifyCommand: Command {
  /// The options `stateproof verify` takes, in the order help lists them.
  enum Option: String, CommandOption {
    case format
    case differences
    case statement
    case allowUnchecked = "allow-unchecked"
  }

  static let spec = CommandSpec(
    name: "verify",
    summary: "Check a report folder against its evidence: every file's SHA-256, and the verdict decided again.",
    arguments: "REPORT_DIR [PATH...]", minimumArguments: 1, maximumArguments: nil,
    options: [
      OptionSpec("format", value: "FORMAT", help: "text (default) or json: the whole result as one JSON object."),
      OptionSpec("differences", help: "List only the files that differ (the counts still cover every file)."),
      OptionSpec("statement", value: "FILE", help: "The signed statement: the in-toto Statement report --attestation wrote, or the DSSE envelope or Sigstore bundle its signer made (check the signature with that tool first). Every subject is checked against the folder (missing, changed), and report.json must be one."),
      OptionSpec("allow-unchecked", help: "Exit 0 even when a report file cannot be made again from report.json (a template override that is gone, another StateProof version); it is still listed as not-checked, with why."),
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
      missing, new, not-hashed (the report could not read it either) or not-checked (its evidence \
      path was not given). A different StateProof version is reported, not a difference.
      """,
    exitStatus: [
      (0, "every file matches and the evidence decides the same verdict, rows and findings"),
      (1, "a file is changed, missing, new or not checked (a report file that cannot be made again, unless --allow-unchecked), a subject of the statement differs, or the decision differs"),
      (2, "usage error: no report.json in REPORT_DIR, a PATH that is none of the report's evidence paths, a --statement that is not one"),
    ],
    examples: [
      "stateproof verify stateproof-report",
      "stateproof verify stateproof-report android-evidence ios-evidence",
      "stateproof verify --statement stateproof-report.dsse.json stateproof-report evidence",
      "tar -xzf release-4.2.0.tar.gz && stateproof verify report evidence/examples/scanner",
    ])

  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32 {
    let json = try TextOrJSON(argument: arguments.value(.format), command: spec.name) == .json
    let folder = arguments.positionals[0]
    let verification = try StateProof.verify(
      report: folder, evidence: Array(arguments.positionals.dropFirst()), statement: arguments.value(.statement),
      allowUnchecked: arguments.flag(.allowUnchecked), environment: console.environment)
    if json {
      try console.write(String(decoding: try StateProof.json(verification), as: UTF8.self) + "\n")
    } else {
      try console.write(text(verification, differencesOnly: arguments.flag(.differences)))
    }
    return verification.differs ? 1 : 0
  }

  /// The result as lines for a terminal or a CI log: every name from the report or the evidence
  /// escaped (``CommandLineTool/line(_:)``).
  static func text(_ verification: Verification, differencesOnly: Bool) -> String {
    var out = ""
    let made = verification.reportVersion.map { "made by StateProof \($0)" } ?? "made by an unrecorded StateProof version"
    let version =
      verification.reportVersion == nil || verification.reportVersion == verification.verifierVersion
      ? "" : "; this is StateProof \(verification.verifierVersion), so a different decision may come from the tool"
    out += CommandLineTool.line("Report folder \(verification.reportFolder) (\(made)\(version)):")
    out += files(verification.reportFiles, differencesOnly: differencesOnly)
    if let statement = verification.statement {
      out += CommandLineTool.line("Statement \(statement), its subjects against the report folder:")
      out += files(verification.statementFiles, differencesOnly: differencesOnly)
    }
    for root in verification.evidence {
      let place =
        switch root.checkedAt {
        case nil: ", not given: not checked"
        case root.recorded?: ""
        case let other?: ", checked at \(other)"
        }
      out += CommandLineTool.line("Evidence \(root.recorded)\(place):")
      out += files(root.files, differencesOnly: differencesOnly)
    }
    out += CommandLineTool.line(decision(verification))
    // Counted list by list: the files of 1,000,000 are not copied into one list to be counted.
    let lists = [verification.reportFiles, verification.statementFiles] + verification.evidence.map(\.files)
    let counts = FileState.allCases.compactMap { state -> String? in
      let count = lists.reduce(0) { count, files in count + files.count { $0.state == state } }
      return count == 0 ? nil : "\(count) \(state.rawValue)"
    }
    out += CommandLineTool.line(
      "Files: \(counts.isEmpty ? "none" : counts.joined(separator: ", ")). "
        + (verification.differs
          ? "The report does not match: see above."
          : "The report matches its evidence."))
    return out
  }

  private static func files(_ files: [VerifiedFile], differencesOnly: Bool) -> String {
    var out = ""
    for file in files where !differencesOnly || file.state.differs {
      var detail = ""
      switch file.state {
      case .changed:
        let bytes =
          if let was = file.recordedBytes, let now = file.currentBytes, was != now { ", \(was) bytes then, \(now) now" } else { "" }
        detail = " (SHA-256 \(short(file.recordedSHA256)) then, \(short(file.currentSHA256)) now\(bytes))"
      case .missing, .notChecked:
        detail = file.recordedSHA256.map { " (SHA-256 \(short($0)))" } ?? ""
      case .new:
        detail = file.currentSHA256.map { " (SHA-256 \(short($0)), not cited by the report)" } ?? " (not cited by the report)"
      case .unchanged, .notHashed:
        break
      }
      if let note = file.note { detail += ": \(note)" }
      out += CommandLineTool.line("  " + file.state.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + file.path + detail)
    }
    return out
  }

  private static func decision(_ verification: Verification) -> String {
    let recorded = name(verification.recordedVerdict)
    guard let verdict = verification.currentVerdict else {
      return "Decision: not decided again: \(verification.notDecidedBecause ?? "unknown")."
    }
    let current = name(verdict)
    if verification.decisionMatches {
      return "Decision: \(current), as recorded (decided again from the evidence with the report's configuration)."
    }
    var parts = [
      verdict == verification.recordedVerdict
        ? "Decision: \(current) as recorded, but rows or findings differ" : "Decision: would now be \(current); the report says \(recorded)"
    ]
    parts += verification.rowChanges.map { "row \($0.id): \($0.from?.rawValue ?? "absent") then, \($0.to?.rawValue ?? "absent") now" }
    parts += verification.newFindings.map { "new finding \($0.code.rawValue) \($0.row?.description ?? $0.platform?.rawValue ?? "")" }
    parts += verification.resolvedFindings.map {
      "finding gone: \($0.code.rawValue) \($0.row?.description ?? $0.platform?.rawValue ?? "")"
    }
    return parts.joined(separator: "; ") + "."
  }

  private static func name(_ verdict: Verdict) -> String { verdict == .ready ? "Ready" : "Not ready" }

  private static func short(_ digest: String?) -> String {
    digest.map { String($0.prefix(12)) + "…" } ?? "none"
  }
}
