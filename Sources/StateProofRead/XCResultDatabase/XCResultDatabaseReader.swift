import Foundation
import StateProofModel
import StateProofSystem

/// Reads the `database.sqlite3` that Xcode 16's and later `xcresulttool` builds inside a result
/// bundle (see `docs/xcresult-bundle.md`): tests, their runs on each device and configuration,
/// failure messages with file and line, skips and expected failures with their message, Swift
/// Testing arguments, run destinations and attachments.
///
/// Columns are read by name and their order never matters; xcresulttool versions differ in both
/// (`TestIssues.isTopLevelFailure` became `isTopLevel`, `Arguments` arrived later). A table or
/// column the reader needs that is missing is ``SQLiteError/unknownSchema(path:missing:)``,
/// never a silent empty reading. Retries and repetitions fold by the JSON reader's rules, so the
/// same run read from the database, from xcresulttool's JSON or from converted JUnit is the same
/// executions.
package enum XCResultDatabaseReader {
  /// The tables and columns without which nothing could be read truthfully.
  static let required: [String: [String]] = [
    "TestCases": ["identifier", "name"],
    "TestCaseRuns": ["result", "testCase_fk", "testSuiteRun_fk"],
    "TestSuiteRuns": ["parentSuiteRun_fk", "testableRun_fk"],
    "TestableRuns": ["testPlanRun_fk"],
    "TestPlanRuns": ["action_fk", "configuration_fk"],
    "TestPlanConfigurations": ["name"],
    "Actions": ["runDestination_fk"],
    "RunDestinations": ["device_fk"],
    "Devices": ["modelName", "operatingSystemVersion"],
    "TestIssues": ["testCaseRun_fk", "compactDescription"],
    "Attachments": ["xcResultKitPayloadRefId", "activity_fk"],
    "Activities": ["testCaseRun_fk", "parent_fk"],
  ]

  /// Seconds from 1970 to 2001-01-01, the reference date the database's times count from.
  static let referenceDate = 978_307_200.0

  /// Reads the `database.sqlite3` of the bundle at `bundle`, which `location` names: what cannot
  /// be read is a problem naming the file, never an empty reading passed off as a run. Each
  /// attachment's size is that of its `Data/` object, when the bundle still has it.
  package static func read(bundle: URL, location: EvidenceLocation, defaultDevice: String? = nil)
    -> XCResultDatabaseReading
  {
    var fileLocation = location
    fileLocation.path = location.path + "/database.sqlite3"
    var reading: XCResultDatabaseReading
    do throws(SQLiteError) {
      reading = try withLogApplied(bundle, path: fileLocation.path) { (database, privateCopy) throws(SQLiteError) in
        try read(
          database, path: fileLocation.path, location: location, defaultDevice: defaultDevice, privateCopy: privateCopy)
      }
    } catch {
      reading = XCResultDatabaseReading()
      reading.problems.append(ReadProblem(location: fileLocation, message: error.description))
      return reading
    }
    for index in reading.attachments.indices {
      guard let path = reading.attachments[index].dataPath else { continue }
      let values = try? bundle.appendingPathComponent(path).resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
      if values?.isRegularFile == true { reading.attachments[index].payloadSize = values?.fileSize }
    }
    if reading.attempts.isEmpty {
      reading.problems.append(ReadProblem(location: fileLocation, message: "the database lists no test runs"))
    }
    return reading
  }

  /// The logs SQLite may leave beside a database until a checkpoint: what they hold is part of it.
  static let logSuffixes = ["-wal", "-journal"]

  /// The most bytes a database and its log may come to, together, to be copied so the log is
  /// applied: far above a real bundle's, far below what a sparse or hostile log could claim.
  static let logCopyLimit = 256 << 20

  /// Runs `body` on the bundle's `database.sqlite3` as SQLite would read it: when a `-wal` or
  /// `-journal` lies beside it, on a copy of both in a private scratch folder under `scratch`
  /// (removed after), so the log is applied and nothing is ever written beside the evidence;
  /// else on the file. Files whose apparent sizes (`st_size`, which a sparse file's copy fills)
  /// pass ``logCopyLimit`` are not copied: ``SQLiteError/logTooLarge(path:logs:bytes:limit:)``.
  static func withLogApplied<T>(
    _ bundle: URL, path: String, scratch base: URL = FileManager.default.temporaryDirectory,
    _ body: (URL, Bool) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    try withLogApplied(database: bundle.appendingPathComponent("database.sqlite3"), path: path, scratch: base, body)
  }

  /// The same for any database file (a Simulator's `TCC.db`): `body` gets the file, or a private
  /// copy with its log beside it, and whether it is the copy.
  static func withLogApplied<T>(
    database: URL, path: String, scratch base: URL = FileManager.default.temporaryDirectory,
    _ body: (URL, Bool) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    let name = database.lastPathComponent
    let logs = logSuffixes.filter { FileManager.default.fileExists(atPath: database.path + $0) }
    guard !logs.isEmpty else { return try body(database, false) }
    let bytes = ([""] + logs).reduce(0) { total, suffix in
      var status = stat()
      return total + (stat(database.path + suffix, &status) == 0 ? Int(status.st_size) : 0)
    }
    guard bytes <= logCopyLimit else {
      throw .logTooLarge(path: path, logs: logs.map { name + $0 }, bytes: bytes, limit: logCopyLimit)
    }
    let scratch: URL
    do {
      scratch = try ScratchFolder.make("sqlite", in: base)
    } catch {
      let logNames = logs.joined(separator: ", ")
      throw .cannotOpen(
        path: path, reason: "its log (\(logNames)) could not be copied to a temporary folder to apply it: \(error)")
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let copy = scratch.appendingPathComponent(name)
    for suffix in [""] + logs {
      do {
        try FileManager.default.copyItem(atPath: database.path + suffix, toPath: copy.path + suffix)
      } catch {
        throw .cannotOpen(
          path: path + suffix, reason: "it could not be copied to apply the log: \(error.localizedDescription)")
      }
    }
    return try body(copy, true)
  }

  /// Reads the database at `url`; `path` names it in errors, `location` in what it yields.
  package static func read(
    _ url: URL, path: String, location: EvidenceLocation, defaultDevice: String? = nil, privateCopy: Bool = false
  ) throws(SQLiteError) -> XCResultDatabaseReading {
    let database = try SQLiteDatabase(url: url, path: path, privateCopy: privateCopy)
    var missing: [String] = []
    let tables = try database.tables()
    var columns: [String: Set<String>] = [:]
    for (table, needed) in required.sorted(by: { $0.key < $1.key }) {
      guard tables.contains(table) else {
        missing.append(table)
        continue
      }
      let present = try database.columns(of: table)
      columns[table] = present
      missing += needed.filter { !present.contains($0) }.map { "\(table).\($0)" }
    }
    guard missing.isEmpty else { throw .unknownSchema(path: path, missing: missing) }
    var tablesRead = XCResultDatabaseTables(database: database, tables: tables)
    try tablesRead.load()
    return tablesRead.reading(location: location, defaultDevice: defaultDevice)
  }
}
