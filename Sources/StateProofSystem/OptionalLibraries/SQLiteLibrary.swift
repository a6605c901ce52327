import COptionalLibraries

/// SQLite's functions, found at run time: nil (``shared``) when the machine has no SQLite or it
/// lacks one of them. Only `SQLiteDatabase` in StateProofRead (and the tests' fixtures) call them.
package struct SQLiteLibrary: @unchecked Sendable {
  package let open: sp_sqlite_open_v2
  package let close: sp_sqlite_close
  package let errorMessage: sp_sqlite_errmsg
  package let errorString: sp_sqlite_errstr
  package let limit: sp_sqlite_limit
  package let prepare: sp_sqlite_prepare_v2
  package let finalize: sp_sqlite_finalize
  package let bindInt64: sp_sqlite_bind_int64
  package let step: sp_sqlite_step
  package let columnCount: sp_sqlite_column_count
  package let columnName: sp_sqlite_column_name
  package let columnType: sp_sqlite_column_type
  package let columnText: sp_sqlite_column_text
  package let columnBytes: sp_sqlite_column_bytes
  package let columnInt64: sp_sqlite_column_int64
  package let columnDouble: sp_sqlite_column_double
  package let exec: sp_sqlite_exec
  package let free: sp_sqlite_free
  private let libraryVersion: sp_sqlite_libversion

  /// The library, opened once per process.
  package static let shared: SQLiteLibrary? = OptionalLibrary.sqlite.open().flatMap(SQLiteLibrary.init)

  private init?(_ library: DynamicLibrary) {
    guard let open = library.function("sqlite3_open_v2", as: sp_sqlite_open_v2.self),
      let close = library.function("sqlite3_close", as: sp_sqlite_close.self),
      let errorMessage = library.function("sqlite3_errmsg", as: sp_sqlite_errmsg.self),
      let errorString = library.function("sqlite3_errstr", as: sp_sqlite_errstr.self),
      let limit = library.function("sqlite3_limit", as: sp_sqlite_limit.self),
      let prepare = library.function("sqlite3_prepare_v2", as: sp_sqlite_prepare_v2.self),
      let finalize = library.function("sqlite3_finalize", as: sp_sqlite_finalize.self),
      let bindInt64 = library.function("sqlite3_bind_int64", as: sp_sqlite_bind_int64.self),
      let step = library.function("sqlite3_step", as: sp_sqlite_step.self),
      let columnCount = library.function("sqlite3_column_count", as: sp_sqlite_column_count.self),
      let columnName = library.function("sqlite3_column_name", as: sp_sqlite_column_name.self),
      let columnType = library.function("sqlite3_column_type", as: sp_sqlite_column_type.self),
      let columnText = library.function("sqlite3_column_text", as: sp_sqlite_column_text.self),
      let columnBytes = library.function("sqlite3_column_bytes", as: sp_sqlite_column_bytes.self),
      let columnInt64 = library.function("sqlite3_column_int64", as: sp_sqlite_column_int64.self),
      let columnDouble = library.function("sqlite3_column_double", as: sp_sqlite_column_double.self),
      let exec = library.function("sqlite3_exec", as: sp_sqlite_exec.self),
      let free = library.function("sqlite3_free", as: sp_sqlite_free.self),
      let libraryVersion = library.function("sqlite3_libversion", as: sp_sqlite_libversion.self)
    else { return nil }
    self.open = open
    self.close = close
    self.errorMessage = errorMessage
    self.errorString = errorString
    self.limit = limit
    self.prepare = prepare
    self.finalize = finalize
    self.bindInt64 = bindInt64
    self.step = step
    self.columnCount = columnCount
    self.columnName = columnName
    self.columnType = columnType
    self.columnText = columnText
    self.columnBytes = columnBytes
    self.columnInt64 = columnInt64
    self.columnDouble = columnDouble
    self.exec = exec
    self.free = free
    self.libraryVersion = libraryVersion
  }

  /// The version SQLite reports (`3.40.1`).
  package var version: String { libraryVersion().map { String(cString: $0) } ?? "unknown" }
}
