/// Why a history file (`report --history`, `stateproof history`, `verify --history`) could not be
/// read or appended to. Lines are 1-based.
public enum HistoryProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file holds more lines than StateProof reads.
  case tooManyLines(limit: Int)
  /// A line is longer than StateProof reads.
  case lineTooLong(line: Int, limit: Int)
  /// A line is empty (the file was edited by hand).
  case blankLine(line: Int)
  /// A line is not a sign-off record: not JSON, or a key or value is not one a line has.
  case notARecord(line: Int, JSONProblem)
  /// A line was written by a newer StateProof, whose format this one does not read.
  case schemaVersion(line: Int, found: Int, supported: Int)
  /// `stateproof history` was given a file that does not exist.
  case notFound
  /// `--history` needs `report.json`, whose SHA-256 the line records.
  case withoutJSON
  /// Another run kept the history's folder locked for longer than a run waits.
  case busy(seconds: Int)
  /// The file is not in a folder that can be written (`reason` is the system's).
  case notWritable(reason: String)

  public var description: String {
    switch self {
    case .tooManyLines(let limit): "it holds more than \(limit) lines; StateProof reads at most that many"
    case .lineTooLong(let line, let limit): "line \(line) is longer than \(limit) bytes"
    case .blankLine(let line): "line \(line) is empty; every line is one sign-off"
    case .notARecord(let line, let problem):
      "line \(line) is not a sign-off record: \(problem.placed)"
    case .schemaVersion(let line, let found, let supported):
      "line \(line) has schemaVersion \(found), and this StateProof reads \(supported): use the StateProof that wrote it, or a newer one"
    case .notFound: "no such file; report --history FILE writes it"
    case .withoutJSON:
      "--history records the SHA-256 of report.json, so --format must include json"
    case .busy(let seconds):
      "another run kept its folder locked for \(seconds) seconds; try again when it is done"
    case .notWritable(let reason): "cannot write beside it: \(reason)"
    }
  }
}

extension JSONProblem {
  /// The problem with its column, for a line of a history file (its line is the file's).
  fileprivate var placed: String {
    column.map { "column \($0): \(message)" } ?? message
  }
}
