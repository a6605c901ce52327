import COptionalLibraries
import Foundation
import StateProofSystem

/// The one boundary to SQLite (opened at run time, ``SQLiteLibrary``): a database opened read-only
/// and immutable (SQLite takes no lock and creates no `-wal`, `-shm` or journal file beside the
/// evidence), or a private copy opened so its log is applied, queried through prepared
/// statements, its rows read by column name.
package final class SQLiteDatabase {
  /// The path as the caller names it in errors.
  package let path: String
  private let sqlite: SQLiteLibrary
  private let handle: UnsafeMutableRawPointer

  /// Whether this machine has SQLite (else every open fails with ``SQLiteError/libraryMissing(path:)``).
  package static var isAvailable: Bool { SQLiteLibrary.shared != nil }

  /// SQLite's file header: the first 16 bytes of every database.
  static let header = Array("SQLite format 3\u{0}".utf8)

  /// Opens `url`; a file that is not SQLite, or that SQLite refuses, is an error naming `path`.
  /// A `privateCopy` (StateProof's own copy of a database and its log, in a scratch folder) is
  /// opened as SQLite opens any database, so its `-wal` or `-journal` is applied; it is only read.
  package init(url: URL, path: String, privateCopy: Bool = false) throws(SQLiteError) {
    self.path = path
    guard let sqlite = SQLiteLibrary.shared else { throw .libraryMissing(path: path) }
    self.sqlite = sqlite
    guard let file = FileHandle(forReadingAtPath: url.path) else {
      throw .cannotOpen(path: path, reason: "the file cannot be opened")
    }
    let first = (try? file.read(upToCount: Self.header.count)) ?? nil
    try? file.close()
    guard let first, Array(first) == Self.header else { throw .notSQLite(path: path) }
    var components = URLComponents()
    components.scheme = "file"
    components.percentEncodedPath = Self.uriPath(url.path)
    // immutable: the file is evidence and never changes under the reader, so no lock, no WAL.
    components.percentEncodedQuery = privateCopy ? "mode=rw" : "mode=ro&immutable=1"
    let uri = components.string ?? ""
    var opened: UnsafeMutableRawPointer?
    let access = privateCopy ? sp_sqlite_open_readwrite : sp_sqlite_open_readonly
    let flags = Int32(access | sp_sqlite_open_uri | sp_sqlite_open_nomutex)
    let status = sqlite.open(uri, &opened, flags, nil)
    guard status == Int32(sp_sqlite_ok), let opened else {
      let reason =
        opened.flatMap { sqlite.errorMessage($0) }.map { String(cString: $0) }
        ?? sqlite.errorString(status).map { String(cString: $0) } ?? "error \(status)"
      _ = sqlite.close(opened)
      throw .cannotOpen(path: path, reason: reason)
    }
    handle = opened
    // Hostile files: no trigger or view runs code, no huge string or blob is built.
    _ = sqlite.limit(handle, Int32(sp_sqlite_limit_length), 16 << 20)
    _ = sqlite.limit(handle, Int32(sp_sqlite_limit_sql_length), 1 << 20)
    try query("PRAGMA trusted_schema = OFF") { _ in }
    if privateCopy { try query("PRAGMA query_only = ON") { _ in } }
    // A damaged header shows on the first read, not at open.
    _ = try tables()
  }

  deinit { _ = sqlite.close(handle) }

  /// SQLite's last error on this connection.
  private var lastError: String { sqlite.errorMessage(handle).map { String(cString: $0) } ?? "unknown error" }

  /// The path percent-encoded for a `file:` URI (`?`, `#` and `%` in names stay names).
  private static func uriPath(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%;")
    return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
  }

  /// The tables the database holds.
  package func tables() throws(SQLiteError) -> Set<String> {
    var names: Set<String> = []
    try query("SELECT name FROM sqlite_master WHERE type = 'table'") { row in
      if let name = row.text("name") { names.insert(name) }
    }
    return names
  }

  /// The columns of `table`, by name (`PRAGMA table_info`); empty when there is no such table.
  package func columns(of table: String) throws(SQLiteError) -> Set<String> {
    var names: Set<String> = []
    try query("PRAGMA table_info(\(Self.quoted(table)))") { row in
      if let name = row.text("name") { names.insert(name) }
    }
    return names
  }

  /// `"name"`, quoted as an SQL identifier.
  package static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Runs `sql` (one statement) with `parameters` bound in order, and gives each row to `each`.
  package func query(
    _ sql: String, _ parameters: [Int64] = [], each: (SQLiteRow) throws(SQLiteError) -> Void
  ) throws(SQLiteError) {
    var prepared: UnsafeMutableRawPointer?
    guard sqlite.prepare(handle, sql, -1, &prepared, nil) == Int32(sp_sqlite_ok), let statement = prepared else {
      let reason = lastError
      _ = sqlite.finalize(prepared)
      throw .queryFailed(path: path, reason: reason)
    }
    defer { _ = sqlite.finalize(statement) }
    for (index, value) in parameters.enumerated() {
      _ = sqlite.bindInt64(statement, Int32(index + 1), value)
    }
    let row = SQLiteRow(sqlite: sqlite, statement: statement)
    while true {
      let status = sqlite.step(statement)
      if status == Int32(sp_sqlite_done) { return }
      guard status == Int32(sp_sqlite_row) else {
        throw .queryFailed(path: path, reason: lastError)
      }
      try each(row)
    }
  }
}

/// The current row of a running statement, its columns read by name. Valid only inside the
/// closure ``SQLiteDatabase/query(_:_:each:)`` gives it to.
package struct SQLiteRow {
  private let sqlite: SQLiteLibrary
  private let statement: UnsafeMutableRawPointer
  private let indexes: [String: Int32]

  fileprivate init(sqlite: SQLiteLibrary, statement: UnsafeMutableRawPointer) {
    self.sqlite = sqlite
    self.statement = statement
    var indexes: [String: Int32] = [:]
    for index in 0..<sqlite.columnCount(statement) {
      if let name = sqlite.columnName(statement, index) { indexes[String(cString: name)] = index }
    }
    self.indexes = indexes
  }

  private func index(_ column: String) -> Int32? {
    guard let index = indexes[column], sqlite.columnType(statement, index) != Int32(sp_sqlite_null) else {
      return nil
    }
    return index
  }

  /// Whether the column holds a number.
  private func isNumber(_ index: Int32) -> Bool {
    let type = sqlite.columnType(statement, index)
    return type == Int32(sp_sqlite_integer) || type == Int32(sp_sqlite_float)
  }

  /// The column as text (valid UTF-8, damaged bytes replaced); nil when absent or NULL.
  package func text(_ column: String) -> String? {
    guard let index = index(column), let bytes = sqlite.columnText(statement, index) else { return nil }
    let count = Int(sqlite.columnBytes(statement, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// The column as an integer; nil when absent, NULL or not a number.
  package func integer(_ column: String) -> Int64? {
    guard let index = index(column), isNumber(index) else { return nil }
    return sqlite.columnInt64(statement, index)
  }

  /// The column as a floating-point number; nil when absent, NULL or not a number.
  package func double(_ column: String) -> Double? {
    guard let index = index(column), isNumber(index) else { return nil }
    return sqlite.columnDouble(statement, index)
  }
}
