import Foundation

/// Reads a Simulator's `Library/TCC/TCC.db` (through ``SQLiteDatabase``, read-only; with its log
/// applied on a private copy when one lies beside it, since a booted Simulator's database may
/// hold the newest rows there): the `access` table's columns and every row, each column's value
/// as text (NULL left out; the BLOB columns `csreq` and `indirect_object_code_identity` never
/// read). The table is small; every row is read so that another app's row can be named as such.
package enum TCCDatabase {
  /// The columns never read: code signatures, bytes a person cannot read.
  static let blobColumns: Set<String> = ["csreq", "indirect_object_code_identity"]

  /// The schema and rows of the database at `url`; `path` names it in errors.
  package static func read(_ url: URL, path: String) throws(SimulatorStoreError) -> (TCCSchema, [[String: String]]) {
    do throws(SQLiteError) {
      return try XCResultDatabaseReader.withLogApplied(database: url, path: path) {
        (file, privateCopy) throws(SQLiteError) -> (TCCSchema, [[String: String]]) in
        let database = try SQLiteDatabase(url: file, path: path, privateCopy: privateCopy)
        var columns: [String] = []
        try database.query("PRAGMA table_info(\"access\")") { row in
          if let name = row.text("name") { columns.append(name) }
        }
        let schema = TCCSchema(columns: columns)
        guard !columns.isEmpty else { throw .unknownSchema(path: path, missing: ["access"]) }
        let read = columns.filter { !blobColumns.contains($0) }
        var rows: [[String: String]] = []
        let sql = "SELECT " + read.map(SQLiteDatabase.quoted).joined(separator: ", ") + " FROM \"access\""
        try database.query(sql) { row in
          var values: [String: String] = [:]
          for column in read {
            if let text = row.text(column) { values[column] = text }
          }
          rows.append(values)
        }
        return (schema, rows)
      }
    } catch {
      if case .unknownSchema = error {
        throw .unknownSchema(path: path, columns: [])
      }
      throw .unreadableStore(path: path, reason: "\(error)")
    }
  }
}
