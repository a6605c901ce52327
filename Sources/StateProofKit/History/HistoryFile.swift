import Foundation
import StateProofJSON
import StateProofModel
import StateProofRender
import StateProofSystem

/// A history file's bytes as lines, read as untrusted input (a file restored from a CI cache,
/// edited by anyone who could write it): bounded in size, lines and line length, each line read
/// by the strict JSON reader on its own. ``read(_:)`` wants every line to be a record (what
/// `report --history` and `stateproof history` draw from); ``parse(_:)`` keeps going past a bad
/// one (what `verify --history` names).
package enum HistoryFile {
  /// The largest history file read: a weekly sign-off of 1,000 rows for twenty years is 20 MB.
  package static let maximumBytes = 64 << 20
  /// The most lines read.
  package static let maximumLines = 100_000
  /// The longest line read: a sign-off of 2,000 rows with long acceptance reasons is far under.
  package static let maximumLineBytes = 1 << 20
  /// One line's values: a reason is a sentence.
  static let limits = JSONLimits(maximumDepth: 16, maximumStringBytes: 64 << 10, maximumKeyBytes: 256)

  /// One line: its number (1-based), its bytes without the newline, their SHA-256, and the
  /// record they hold or why they hold none.
  package struct Line: Sendable {
    package var number: Int
    package var bytes: Data
    package var sha256: String
    package var record: Result<SignOffRecord, HistoryProblem>
  }

  /// The history at `path`, every line a record of this StateProof's format; an empty history
  /// when there is no file and `missingIsEmpty` (a file `report --history` is about to start).
  package static func read(_ path: String, missingIsEmpty: Bool) throws(StateProofError) -> SignOffHistory {
    guard let data = try contents(path, missingIsEmpty: missingIsEmpty) else { return SignOffHistory() }
    return try history(of: data, file: path)
  }

  /// Refuses, before any evidence is read, a history that could not be appended to: a path that
  /// can only name a folder, or one whose folder is not there or cannot be written.
  package static func checkPlace(_ path: String) throws(StateProofError) {
    guard !PathBytes.namesFolder(path) else {
      throw .history(file: path, reason: .notWritable(reason: "the path names a folder; give a file's"))
    }
    let folder = PathBytes.parent(of: path)
    var status = stat()
    guard stat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
      throw .history(file: path, reason: .notWritable(reason: "its folder \(folder) is not there"))
    }
    guard access(folder, W_OK) == 0 else {
      throw .history(file: path, reason: .notWritable(reason: String(cString: strerror(errno))))
    }
  }

  /// The history `data` holds, every line a record.
  package static func history(of data: Data, file: String) throws(StateProofError) -> SignOffHistory {
    var records: [SignOffRecord] = []
    var digests: [String] = []
    for line in try parse(data, file: file) {
      switch line.record {
      case .success(let record): records.append(record)
      case .failure(let problem): throw .history(file: file, reason: problem)
      }
      digests.append(line.sha256)
    }
    return SignOffHistory(records: records, lineSHA256: digests)
  }

  /// The file's bytes: nil when it does not exist and `missingIsEmpty`; refused when larger than
  /// ``maximumBytes``, or not a regular file (a FIFO never hangs the run).
  package static func contents(_ path: String, missingIsEmpty: Bool) throws(StateProofError) -> Data? {
    var status = stat()
    if stat(path, &status) != 0, errno == ENOENT {
      if missingIsEmpty { return nil }
      throw .history(file: path, reason: .notFound)
    }
    return try InputFile.read(path, limit: maximumBytes, what: "history \(path)")
  }

  /// Every line of `data`, in order; a last line without its newline counts. Throws only when the
  /// file as a whole is past a limit.
  package static func parse(_ data: Data, file: String) throws(StateProofError) -> [Line] {
    var lines: [Line] = []
    var start = data.startIndex
    while start < data.endIndex {
      let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
      guard lines.count < maximumLines else { throw .history(file: file, reason: .tooManyLines(limit: maximumLines)) }
      let number = lines.count + 1
      let bytes = Data(data[start..<end])
      guard bytes.count <= maximumLineBytes else {
        throw .history(file: file, reason: .lineTooLong(line: number, limit: maximumLineBytes))
      }
      guard let sha256 = SHA256.hex(of: bytes) else { throw .hashFailed(file: file) }
      lines.append(Line(number: number, bytes: bytes, sha256: sha256, record: record(bytes, line: number)))
      start = end < data.endIndex ? data.index(after: end) : end
    }
    return lines
  }

  /// The record one line holds, or why it holds none.
  static func record(_ bytes: Data, line: Int) -> Result<SignOffRecord, HistoryProblem> {
    guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { return .failure(.blankLine(line: line)) }
    do throws(JSONDecodingError) {
      let node = try node(of: bytes)
      if case .object(let members) = node.value, let version = members["schemaVersion"],
        let found = try? JSONDecoding.decode(Int.self, from: version), found != SignOffRecord.currentSchemaVersion
      {
        return .failure(.schemaVersion(line: line, found: found, supported: SignOffRecord.currentSchemaVersion))
      }
      return .success(try JSONDecoding.decode(SignOffRecord.self, from: node))
    } catch {
      let problem = JSONProblem(
        keyPath: error.path.components.isEmpty ? nil : error.path.description, line: line,
        column: error.position.column, message: error.detail)
      return .failure(.notARecord(line: line, problem))
    }
  }

  /// The one JSON value of a line; anything after it is refused.
  private static func node(of bytes: Data) throws(JSONDecodingError) -> JSONNode {
    var parser = JSONPullParser(bytes: bytes, limits: limits)
    let node: JSONNode
    let rest: JSONEvent?
    do throws(JSONError) {
      node = try parser.readNode()
      rest = try parser.next()
    } catch {
      throw JSONDecodingError(error)
    }
    guard case nil = rest else {
      throw JSONDecodingError(.badValue("more follows the record on its line"), at: node.position)
    }
    return node
  }

  /// The line `record` is written as: compact JSON, sorted keys, no newline.
  package static func line(_ record: SignOffRecord) throws(StateProofError) -> Data {
    do {
      return try JSONRenderer.line(record)
    } catch {
      throw .write(path: "history line", reason: .encode(reason: "\(error)"))
    }
  }
}
