import Foundation
@_spi(CLI) import StateProofKit

/// `stateproof verify --history FILE [REPORT...]`: the history's chain and the reports given,
/// as lines for a terminal or a CI log (every text from the file escaped), or as one JSON object.
enum HistoryVerifyText {
  static let optionHelp =
    "Check the sign-off history FILE (report --history writes it) instead of a report folder: every line's link to the line before it (a line removed, reordered, repeated or edited is named with its line number), and each REPORT given (a report folder, an unpacked bundle, a report.json, or a folder holding them) against the line that records its report.json's SHA-256. The last line is held by its report alone: give it."

  static func run(_ file: String, reports: [String], json: Bool, console: Console) throws -> Int32 {
    let verification = try StateProof.verifyHistory(file, reports: reports)
    if json {
      try console.write(String(decoding: try StateProof.json(verification), as: UTF8.self) + "\n")
    } else {
      try console.write(text(verification))
    }
    return verification.differs ? 1 : 0
  }

  static func text(_ verification: HistoryVerification) -> String {
    var out = CommandLineTool.line(
      "History \(verification.file): \(verification.lines) line\(verification.lines == 1 ? "" : "s").")
    if verification.problems.isEmpty {
      out += CommandLineTool.line("Chain: holds; each line names the SHA-256 of the line before it.")
    } else {
      let count = verification.problems.count
      out += CommandLineTool.line("Chain: BROKEN, \(count) problem\(count == 1 ? "" : "s"):")
      for problem in verification.problems {
        out += CommandLineTool.line(
          "  \(problem.kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0))\(problem.message)")
      }
    }
    for report in verification.reports {
      let what = [report.release.map { "release \($0)" }, report.generatedAt].compactMap { $0 }.joined(separator: ", ")
      let about = what.isEmpty ? "" : " (\(what))"
      let state: String
      switch report.state {
      case .matches: state = "matches line \(report.line ?? 0)"
      case .lineEdited:
        state =
          "LINE \(report.line ?? 0) EDITED: it records this report.json's SHA-256, but \(report.note ?? "differs")"
      case .differs:
        state =
          "DIFFERS from line \(report.line ?? 0): its report.json has SHA-256 \(short(report.sha256)), "
          + "the line records \(short(report.recordedSHA256)); the report or the line was changed"
      case .notInHistory:
        state =
          "IN NO LINE: no line records its report.json (SHA-256 \(short(report.sha256))); its line was removed, or it was never signed off into this history"
      }
      out += CommandLineTool.line("Report \(report.path)\(about): \(state).")
    }
    if verification.lines > 0, !verification.lastLineChecked {
      out += CommandLineTool.line(
        "The last line is held by nothing after it: give its report to check it (or check its signed attestation).")
    }
    out += CommandLineTool.line(
      verification.differs ? "The history does not hold: see above." : "The history holds.")
    return out
  }

  private static func short(_ digest: String?) -> String {
    digest.map { String($0.prefix(12)) + "…" } ?? "none"
  }
}
