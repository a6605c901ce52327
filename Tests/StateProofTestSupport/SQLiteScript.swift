import COptionalLibraries
import Foundation
import StateProofSystem

/// Runs SQL on a database file through the SQLite StateProof opens at run time, so the tests make
/// their databases (an xcresult bundle's, a Simulator's TCC.db) when they run and commit none.
public enum SQLiteScript {
  /// Creates the database at `url` by running `sql` (or runs it on the one there), then calls
  /// `whileOpen` before closing it (a copy made then holds what SQLite has not yet checkpointed).
  public static func run(_ sql: String, at url: URL, whileOpen: () throws -> Void = {}) throws {
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

  /// Why the SQL did not run.
  public struct Failure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }
}
