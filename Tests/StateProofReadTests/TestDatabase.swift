import COptionalLibraries
import Foundation
import StateProofSystem
import StateProofTestSupport

/// Writes SQLite databases for the database reader's tests: a real xcresulttool schema
/// (`Fixtures/xcresult-database/schema-*.sql`, dumped from the corpus bundles) and rows, so the
/// tests run without `../shared`.
enum TestDatabase {
  static let fixtures = TestFiles.readerFixture("xcresult-database")

  /// The `CREATE` statements of a schema fixture (`xcode26`, `xcode12`).
  static func schema(_ name: String) throws -> String {
    try String(contentsOf: fixtures.appendingPathComponent("schema-\(name).sql"), encoding: .utf8)
  }

  /// Creates the database at `url` by running `sql` (or runs it on the one there), then calls
  /// `whileOpen` before closing it (a copy made then holds what SQLite has not yet checkpointed).
  static func create(at url: URL, sql: String, whileOpen: () throws -> Void = {}) throws {
    guard let sqlite = SQLiteLibrary.shared else { throw Failure(message: "SQLite is not installed") }
    var handle: UnsafeMutableRawPointer?
    let flags = Int32(sp_sqlite_open_readwrite | sp_sqlite_open_create)
    guard sqlite.open(url.path, &handle, flags, nil) == Int32(sp_sqlite_ok), let handle else {
      throw Failure(message: "cannot create \(url.path)")
    }
    defer { _ = sqlite.close(handle) }
    var error: UnsafeMutablePointer<CChar>?
    guard sqlite.exec(handle, sql, nil, nil, &error) == Int32(sp_sqlite_ok) else {
      let message = error.map { String(cString: $0) } ?? "?"
      sqlite.free(error)
      throw Failure(message: message)
    }
    try whileOpen()
  }

  struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}
