import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// The one boundary to SQLite: a database opened read-only and immutable (SQLite takes no lock
/// and creates no `-wal`, `-shm` or journal file beside the evidence), or a private copy opened
/// so its log is applied, queried through prepared
/// statements, its rows read by column name.
package final class SQLiteDatabase {
  /// The path as the caller names it in errors.
  package let path: String
  private let handle: OpaquePointer

  /// SQLite's file header: the first 16 bytes of every database.
  static let header = Array("SQLite format 3\u{0}".utf8)

  /// Opens `url`; a file that is not SQLite, or that SQLite refuses, is an error naming `path`.
  /// A `privateCopy` (StateProof's own copy of a database and its log, in a scratch folder) is
  /// opened as SQLite opens any database, so its `-wal` or `-journal` is applied; it is only read.
  package init(url: URL, path: String, privateCopy: Bool = false) throws(SQLiteError) {
    self.path = path
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
    var opened: OpaquePointer?
    let flags = (privateCopy ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY) | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(uri, &opened, flags, nil)
    guard status == SQLITE_OK, let opened else {
      let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
      sqlite3_close(opened)
      throw .cannotOpen(path: path, reason: reason)
    }
    handle = opened
    // Hostile files: no trigger or view runs code, no huge string or blob is built.
    _ = sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, 16 << 20)
    _ = sqlite3_limit(handle, SQLITE_LIMIT_SQL_LENGTH, 1 << 20)
    try query("PRAGMA trusted_schema = OFF") { _ in }
    if privateCopy { try query("PRAGMA query_only = ON") { _ in } }
    // A damaged header shows on the first read, not at open.
    _ = try tables()
  }

  deinit { sqlite3_close(handle) }

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
    var prepared: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &prepared, nil) == SQLITE_OK, let statement = prepared else {
      let reason = String(cString: sqlite3_errmsg(handle))
      sqlite3_finalize(prepared)
      throw .queryFailed(path: path, reason: reason)
    }
    defer { sqlite3_finalize(statement) }
    for (index, value) in parameters.enumerated() {
      sqlite3_bind_int64(statement, Int32(index + 1), value)
    }
    let row = SQLiteRow(statement: statement)
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return }
      guard status == SQLITE_ROW else {
        throw .queryFailed(path: path, reason: String(cString: sqlite3_errmsg(handle)))
      }
      try each(row)
    }
  }
}

/// The current row of a running statement, its columns read by name. Valid only inside the
/// closure ``SQLiteDatabase/query(_:_:each:)`` gives it to.
package struct SQLiteRow {
  fileprivate let statement: OpaquePointer
  private let indexes: [String: Int32]

  fileprivate init(statement: OpaquePointer) {
    self.statement = statement
    var indexes: [String: Int32] = [:]
    for index in 0..<sqlite3_column_count(statement) {
      if let name = sqlite3_column_name(statement, index) { indexes[String(cString: name)] = index }
    }
    self.indexes = indexes
  }

  private func index(_ column: String) -> Int32? {
    guard let index = indexes[column], sqlite3_column_type(statement, index) != SQLITE_NULL else { return nil }
    return index
  }

  /// The column as text (valid UTF-8, damaged bytes replaced); nil when absent or NULL.
  package func text(_ column: String) -> String? {
    guard let index = index(column), let bytes = sqlite3_column_text(statement, index) else { return nil }
    let count = Int(sqlite3_column_bytes(statement, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// The column as an integer; nil when absent, NULL or not a number.
  package func integer(_ column: String) -> Int64? {
    guard let index = index(column) else { return nil }
    let type = sqlite3_column_type(statement, index)
    guard type == SQLITE_INTEGER || type == SQLITE_FLOAT else { return nil }
    return sqlite3_column_int64(statement, index)
  }

  /// The column as a floating-point number; nil when absent, NULL or not a number.
  package func double(_ column: String) -> Double? {
    guard let index = index(column) else { return nil }
    let type = sqlite3_column_type(statement, index)
    guard type == SQLITE_INTEGER || type == SQLITE_FLOAT else { return nil }
    return sqlite3_column_double(statement, index)
  }
}
