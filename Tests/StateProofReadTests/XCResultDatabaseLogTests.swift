import Foundation
import StateProofModel
import Testing
import StateProofTestSupport

@testable import StateProofRead

/// A `database.sqlite3` whose last writes are still in its write-ahead log, as SQLite leaves them
/// until a checkpoint: read as SQLite would read it, from a private copy (issue 36).
@Suite(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0"), .temporaryFolders)
struct XCResultDatabaseLogTests {
  /// A bundle whose database says `testAllowed()` passed on the iPhone 16 in English, but whose
  /// `-wal` (copied before any checkpoint) says it failed.
  static func bundleWithFailureInLog() throws -> URL {
    let folder = try TemporaryFolder.make("stateproof-db-wal")
    let bundle = try XCResultDatabaseReaderTests.bundle(
      in: folder, schema: try TestDatabase.schema("xcode26"), rows: try XCResultDatabaseReaderTests.rows("camera"))
    let database = bundle.appendingPathComponent("database.sqlite3")
    let work = folder.appendingPathComponent("work.sqlite3")
    try FileManager.default.moveItem(at: database, to: work)
    let sql = """
      PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
      UPDATE TestCaseRuns SET result = 'Failure' WHERE rowid = 1;
      """
    try SQLiteScript.run(sql, at: work) {
      // Copied while the writer still holds the log: the database file alone says Success.
      try FileManager.default.copyItem(at: work, to: database)
      try FileManager.default.copyItem(atPath: work.path + "-wal", toPath: database.path + "-wal")
    }
    return bundle
  }

  @Test func aFailureOnlyInTheWriteAheadLogIsRead() throws {
    let bundle = try Self.bundleWithFailureInLog()
    let before = try FileManager.default.contentsOfDirectory(atPath: bundle.path).sorted()
    #expect(before == ["database.sqlite3", "database.sqlite3-wal"])
    let reading = XCResultDatabaseReader.read(bundle: bundle, location: XCResultDatabaseReaderTests.location)
    #expect(reading.problems.isEmpty, "\(reading.problems)")
    let allowed = XCResultDatabaseReaderTests.execution(reading, "CameraTests#testAllowed()")
    #expect(allowed?.outcome == .failed)
    // Nothing was written beside the evidence: no -shm, the log as it was.
    #expect(try FileManager.default.contentsOfDirectory(atPath: bundle.path).sorted() == before)
  }

  /// A log of a gigabyte that takes next to no disk (sparse: `ftruncate`): the database and log
  /// are not copied (that would write the gigabyte), and the database is not read, saying why.
  @Test func aLogTooLargeToCopyIsNotCopiedAndTheDatabaseIsNotRead() throws {
    let bundle = try Self.bundleWithFailureInLog()
    let log = bundle.appendingPathComponent("database.sqlite3-wal").path
    let descriptor = open(log, O_WRONLY)
    try #require(descriptor >= 0 && ftruncate(descriptor, 1 << 30) == 0)
    close(descriptor)
    let reading = XCResultDatabaseReader.read(bundle: bundle, location: XCResultDatabaseReaderTests.location)
    #expect(reading.attempts.isEmpty)
    let message = try #require(reading.problems.first?.message)
    #expect(reading.problems.count == 1)
    #expect(message.contains("database.sqlite3 was not read: with its log (database.sqlite3-wal)"), "\(message)")
    #expect(message.contains("over the \(XCResultDatabaseReader.logCopyLimit) bytes"), "\(message)")
    // Nothing was made in the scratch folder, let alone a gigabyte.
    let scratch = try TemporaryFolder.make("scratch")
    #expect(throws: SQLiteError.self) {
      try XCResultDatabaseReader.withLogApplied(bundle, path: "database.sqlite3", scratch: scratch) {
        (_, _) throws(SQLiteError) in
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
  }

  @Test func withoutALogTheDatabaseIsReadInPlace() throws {
    let folder = try TemporaryFolder.make("stateproof-db-wal")
    let bundle = try XCResultDatabaseReaderTests.bundle(
      in: folder, schema: try TestDatabase.schema("xcode26"), rows: try XCResultDatabaseReaderTests.rows("camera"))
    let reading = XCResultDatabaseReader.read(bundle: bundle, location: XCResultDatabaseReaderTests.location)
    #expect(XCResultDatabaseReaderTests.execution(reading, "CameraTests#testAllowed()")?.outcome == .passed)
  }

  /// A real bundle with both stores (XCResultKit's, Xcode 15), copied, its database edited.
  @Test(
    .needsSharedCorpus, .enabled(if: Zstd.isAvailable && SQLiteDatabase.isAvailable, "needs libzstd1 and libsqlite3-0"))
  func whereTheGraphAndTheDatabaseDisagreeTheWorseResultCounts() throws {
    let source = SharedCorpus.url("xcresult-bundles/xcresultkit-testHEIC.xcresult")
    let folder = try TemporaryFolder.make("stateproof-db-both")
    let bundle = folder.appendingPathComponent("Run.xcresult")
    try FileManager.default.copyItem(at: source, to: bundle)
    let location = EvidenceLocation(root: folder.path, path: "Run.xcresult")
    let agreeing = XCResultBundleReader.read(bundle: bundle.path, location: location)
    #expect(agreeing.storeDisagreements.isEmpty, "\(agreeing.storeDisagreements)")
    let passed = agreeing.executions.filter { $0.outcome == .passed }
    #expect(!passed.isEmpty)
    try SQLiteScript.run(
      "UPDATE TestCaseRuns SET result = 'Failure' WHERE result = 'Success'",
      at: bundle.appendingPathComponent("database.sqlite3"))
    let read = XCResultBundleReader.read(bundle: bundle.path, location: location)
    #expect(read.store == .objectGraph)
    #expect(read.storeDisagreements.count == passed.count)
    #expect(read.storeDisagreements.first?.contains(": passed in the object graph, failed in database.sqlite3") == true)
    // The worse result counts: nothing passes now.
    #expect(read.executions.count == agreeing.executions.count)
    #expect(!read.executions.contains { $0.outcome == .passed })
  }

  /// A bundle read from its object graph whose database's log is too large to copy: the graph's
  /// tests are read, and the bundle says its database was not (it could not check them).
  @Test(
    .needsSharedCorpus, .enabled(if: Zstd.isAvailable && SQLiteDatabase.isAvailable, "needs libzstd1 and libsqlite3-0"))
  func aLogTooLargeToCopyBesideAnObjectGraphIsNamed() throws {
    let folder = try TemporaryFolder.make("stateproof-db-both")
    let bundle = folder.appendingPathComponent("Run.xcresult")
    try FileManager.default.copyItem(at: SharedCorpus.url("xcresult-bundles/xcresultkit-testHEIC.xcresult"), to: bundle)
    let log = bundle.appendingPathComponent("database.sqlite3-wal").path
    let descriptor = open(log, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    try #require(descriptor >= 0 && ftruncate(descriptor, 1 << 30) == 0)
    close(descriptor)
    let location = EvidenceLocation(root: folder.path, path: "Run.xcresult")
    let read = XCResultBundleReader.read(bundle: bundle.path, location: location)
    #expect(read.store == .objectGraph)
    #expect(!read.executions.isEmpty)
    #expect(read.problems.map(\.location.path) == ["Run.xcresult"])
    #expect(read.problems.first?.message.contains("was not read: with its log (database.sqlite3-wal)") == true)
  }
}
