import Foundation
import StateProofRender

extension StateProof {
  /// The sign-offs of the history file at `path` (JSON Lines, `report --history` writes it), read
  /// as untrusted input: at most 64 MB and 100,000 lines of 1 MB each, every line through the
  /// strict JSON reader.
  ///
  /// - Throws: ``StateProofError/history(file:reason:)`` naming the first line that is not a
  ///   sign-off record (``HistoryProblem``), or when the file is not there or too large.
  public static func history(contentsOf path: String) throws(StateProofError) -> SignOffHistory {
    try HistoryFile.read(path, missingIsEmpty: false)
  }

  /// `stateproof verify --history`: the history file's hash chain checked line by line (a line
  /// removed, reordered, repeated or edited is named, with its line number), then each report
  /// under `reports` (report folders, unpacked bundles, `report.json` files, or folders holding
  /// them up to three levels down) against the line that records it, by its `report.json`'s
  /// SHA-256. A line that is not a record is named too, and the lines after it still checked.
  ///
  /// - Throws: ``StateProofError`` when the file is not there or too large, or a path under
  ///   `reports` is not there or holds no `report.json`.
  public static func verifyHistory(_ path: String, reports: [String] = []) throws(StateProofError)
    -> HistoryVerification
  {
    try HistoryVerifier.verify(path, reports: reports)
  }

  /// `stateproof history`: `history` (read from `file`, which the pages name) rendered through the
  /// shipped history templates, or `options.templates` over them.
  ///
  /// - Throws: ``StateProofError`` for a template that cannot be read or rendered, or when the
  ///   Markdown cannot fit `options.markdownMaxBytes` even with every optional part left out.
  public static func historyPages(_ history: SignOffHistory, file: String, options: HistoryOptions = HistoryOptions())
    throws(StateProofError) -> HistoryPages
  {
    try historyPages(history, file: file, options: options, environment: ProcessInfo.processInfo.environment)
  }
}

extension SignOffHistory {
  /// The history file at `path` (``StateProof/history(contentsOf:)``).
  public init(contentsOf path: String) throws(StateProofError) {
    self = try HistoryFile.read(path, missingIsEmpty: false)
  }
}
