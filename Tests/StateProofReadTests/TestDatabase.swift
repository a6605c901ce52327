import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Writes SQLite databases for the database reader's tests: a real xcresulttool schema
/// (`Fixtures/xcresult-database/schema-*.sql`, dumped from the corpus bundles) and rows, so the
/// tests run without `../shared`.
enum TestDatabase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/xcresult-database")

  /// The `CREATE` statements of a schema fixture (`xcode26`, `xcode12`).
  static func schema(_ name: String) throws -> String {
    try String(contentsOf: fixtures.appendingPathComponent("schema-\(name).sql"), encoding: .utf8)
  }

  /// Creates the database at `url` by running `sql` (or runs it on the one there).
  static func create(at url: URL, sql: String) throws {
    var handle: OpaquePointer?
    guard sqlite3_open(url.path, &handle) == SQLITE_OK, let handle else {
      throw Failure(message: "cannot create \(url.path)")
    }
    defer { sqlite3_close(handle) }
    var error: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
      let message = error.map { String(cString: $0) } ?? "?"
      sqlite3_free(error)
      throw Failure(message: message)
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}
