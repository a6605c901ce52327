import StateProofSystem

/// Why a result bundle's `database.sqlite3` could not be read: each names the file and says what
/// was wrong, for the report's list of files not read.
package enum SQLiteError: Error, Equatable, CustomStringConvertible {
  /// The file does not start with SQLite's header (`SQLite format 3`).
  case notSQLite(path: String)
  /// SQLite refused to open it.
  case cannotOpen(path: String, reason: String)
  /// A query failed: the file is damaged, or changed while it was read.
  case queryFailed(path: String, reason: String)
  /// A table or column the reader needs is missing: a schema it does not know.
  case unknownSchema(path: String, missing: [String])
  /// The machine has no SQLite library (or `STATEPROOF_DISABLE_LIBRARIES` names it).
  case libraryMissing(path: String)
  /// The database and its `logs` come to `bytes` (apparent sizes), more than `limit`, the most a
  /// run copies to apply a log: not read, since read without its log it could miss a failure.
  case logTooLarge(path: String, logs: [String], bytes: Int, limit: Int)

  package var description: String {
    switch self {
    case .notSQLite(let path): "\(path) is not an SQLite database (its first bytes are not SQLite's header)"
    case .cannotOpen(let path, let reason): "\(path) cannot be opened as an SQLite database: \(reason)"
    case .queryFailed(let path, let reason): "\(path) could not be read: \(reason)"
    case .unknownSchema(let path, let missing):
      "\(path) has a schema this reader does not know (missing: \(missing.joined(separator: ", ")))"
    case .libraryMissing(let path):
      "\(path) cannot be read: SQLite is not installed (install \(OptionalLibrary.sqlite.package))"
    case .logTooLarge(let path, let logs, let bytes, let limit):
      "\(path) was not read: with its log (\(logs.joined(separator: ", "))) it comes to \(bytes) bytes, over the \(limit) bytes StateProof copies to apply a log, and read without the log it could miss what the log holds"
    }
  }
}
