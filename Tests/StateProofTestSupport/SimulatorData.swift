import Foundation

/// A Simulator's data folder made at test time, as `seed-check --ios` reads it: `Library/TCC/TCC.db`
/// written through SQLite in one of TCC's four `access` table generations, with the rows given,
/// and `Library/Caches/locationd/clients.plist` and BulletinBoard's section list written as
/// binary property lists. No Simulator file is committed: the shapes come from the sources the
/// knowledge cites (idb's iOS 17 `CREATE TABLE`, xharness's older ones).
public enum SimulatorData {
  /// The `access` table of each generation.
  public enum Generation: String, CaseIterable, Sendable {
    /// iOS 12 and 13 (xharness's format 3): `allowed`, `prompt_count`, no default for
    /// `indirect_object_identifier`, so duplicates are possible.
    case allowed
    /// iOS 14 to 16: 13 columns.
    case columns13
    /// iOS 17 to 26: 17 columns (idb 34a87a6's `CREATE TABLE`).
    case columns17
    /// The Xcode 27 runtime's: 19 columns (the two new ones' names are not known; made up here).
    case columns19

    public var createTable: String {
      let head = "service TEXT NOT NULL, client TEXT NOT NULL, client_type INTEGER NOT NULL"
      let auth = "auth_value INTEGER NOT NULL, auth_reason INTEGER NOT NULL, auth_version INTEGER NOT NULL"
      let middle =
        "csreq BLOB, policy_id INTEGER, indirect_object_identifier_type INTEGER, indirect_object_identifier TEXT NOT NULL DEFAULT 'UNUSED', indirect_object_code_identity BLOB, flags INTEGER, last_modified INTEGER NOT NULL DEFAULT (CAST(strftime('%s','now') AS INTEGER))"
      let key = "PRIMARY KEY (service, client, client_type, indirect_object_identifier)"
      switch self {
      case .allowed:
        return
          "CREATE TABLE access (\(head), allowed INTEGER NOT NULL, prompt_count INTEGER NOT NULL, csreq BLOB, policy_id INTEGER, indirect_object_identifier_type INTEGER, indirect_object_identifier TEXT, indirect_object_code_identity BLOB, flags INTEGER, last_modified INTEGER NOT NULL DEFAULT (CAST(strftime('%s','now') AS INTEGER)), \(key))"
      case .columns13:
        return "CREATE TABLE access (\(head), \(auth), \(middle), \(key))"
      case .columns17:
        return
          "CREATE TABLE access (\(head), \(auth), \(middle), pid INTEGER, pid_version INTEGER, boot_uuid TEXT NOT NULL DEFAULT 'UNUSED', last_reminded INTEGER NOT NULL DEFAULT (CAST(strftime('%s','now') AS INTEGER)), \(key))"
      case .columns19:
        return
          "CREATE TABLE access (\(head), \(auth), \(middle), pid INTEGER, pid_version INTEGER, boot_uuid TEXT NOT NULL DEFAULT 'UNUSED', last_reminded INTEGER NOT NULL DEFAULT (CAST(strftime('%s','now') AS INTEGER)), new_a INTEGER, new_b TEXT, \(key))"
      }
    }

    /// The value column: `allowed` before iOS 14, `auth_value` after.
    public var valueColumn: String { self == .allowed ? "allowed" : "auth_value" }
  }

  /// One row of the `access` table: the service, the client, and the value (`allowed` 0 or 1,
  /// or `auth_value` 0, 2, 3), with `auth_reason` 4 as `simctl privacy` writes it.
  public struct Row: Sendable {
    public var service: String
    public var client: String
    public var value: Int
    public var clientType: Int

    public init(_ service: String, _ client: String, _ value: Int, clientType: Int = 0) {
      self.service = service
      self.client = client
      self.value = value
      self.clientType = clientType
    }
  }

  /// Makes `folder/Library/TCC/TCC.db` of `generation` holding `rows`.
  public static func tcc(in folder: URL, _ generation: Generation, rows: [Row]) throws {
    let directory = folder.appendingPathComponent("Library/TCC")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var sql = generation.createTable + ";"
    for row in rows {
      let quoted = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
      switch generation {
      case .allowed:
        // Left NULL, indirect_object_identifier lets the same row in twice, as old writers did.
        sql +=
          "INSERT INTO access (service, client, client_type, allowed, prompt_count) VALUES (\(quoted(row.service)), \(quoted(row.client)), \(row.clientType), \(row.value), 1);"
      default:
        sql +=
          "INSERT INTO access (service, client, client_type, auth_value, auth_reason, auth_version, last_modified) VALUES (\(quoted(row.service)), \(quoted(row.client)), \(row.clientType), \(row.value), 4, 1, 1700000000);"
      }
    }
    try SQLiteScript.run(sql, at: directory.appendingPathComponent("TCC.db"))
  }

  /// Makes `folder/Library/Caches/locationd/clients.plist`, a binary property list of `entries`
  /// (by key: `i<bundle>:`, or a plain bundle id).
  public static func locationClients(in folder: URL, _ entries: [String: [String: Any]]) throws {
    let directory = folder.appendingPathComponent("Library/Caches/locationd")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let data = try PropertyListSerialization.data(fromPropertyList: entries, format: .binary, options: 0)
    try data.write(to: directory.appendingPathComponent("clients.plist"))
  }

  /// Makes `folder/Library/BulletinBoard/VersionedSectionInfo.plist`: under `sectionInfo`, each
  /// bundle's section a binary keyed-archive-like property list whose settings object holds
  /// `allowsNotifications`.
  public static func bulletinBoard(in folder: URL, _ sections: [String: Bool]) throws {
    let directory = folder.appendingPathComponent("Library/BulletinBoard")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var archived: [String: Any] = [:]
    for (bundle, allows) in sections {
      let archive: [String: Any] = [
        "$archiver": "NSKeyedArchiver", "$version": 100_000,
        "$objects": [
          "$null", ["sectionID": bundle] as [String: Any],
          ["allowsNotifications": allows, "criticalAlertSetting": 0] as [String: Any],
        ],
      ]
      archived[bundle] = try PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)
    }
    let top: [String: Any] = ["sectionInfo": archived]
    let data = try PropertyListSerialization.data(fromPropertyList: top, format: .binary, options: 0)
    try data.write(to: directory.appendingPathComponent("VersionedSectionInfo.plist"))
  }
}
