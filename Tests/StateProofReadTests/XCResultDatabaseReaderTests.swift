import Foundation
import StateProofModel
import StateProofEvidence
import Testing
import StateProofTestSupport

@testable import StateProofRead

/// A result bundle's `database.sqlite3`: databases written here in the exact schemas real
/// xcresulttool versions use (so these run without `../shared`), hostile files, and every corpus
/// bundle that has a database, matched test by test against what macOS tools printed for it.
@Suite(.temporaryFolders) struct XCResultDatabaseReaderTests {
  static let bundles = SharedCorpus.url("xcresult-bundles")
  static let location = EvidenceLocation(root: "evidence", path: "Run.xcresult")

  /// A temporary folder for one test, removed when it ends (the suite's `.temporaryFolders`).
  static func folder() throws -> URL { try TemporaryFolder.make("stateproof-db") }

  /// A bundle folder holding a database made of `schema` and `rows`.
  static func bundle(in folder: URL, schema: String, rows: String) throws -> URL {
    let bundle = folder.appendingPathComponent("Run.xcresult")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try SQLiteScript.run(schema + rows, at: bundle.appendingPathComponent("database.sqlite3"))
    return bundle
  }

  static func rows(_ name: String) throws -> String {
    try String(contentsOf: TestDatabase.fixtures.appendingPathComponent("rows-\(name).sql"), encoding: .utf8)
  }

  static func execution(
    _ reading: XCResultDatabaseReading, _ id: String, device: String = "iPhone 16 (18.6)",
    configuration: String = "English", arguments: String? = nil
  ) -> TestExecution? {
    reading.executions.first {
      $0.id == id && $0.device == device && $0.configuration == configuration && $0.arguments == arguments
    }
  }

  // MARK: - Databases in the exact schemas

  @Test func readsEveryShapeOfAnXcode26Database() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try Self.bundle(in: folder, schema: try TestDatabase.schema("xcode26"), rows: try Self.rows("camera"))
    let reading = XCResultDatabaseReader.read(bundle: bundle, location: Self.location)
    #expect(reading.problems.isEmpty, "\(reading.problems)")
    #expect(reading.xcodeVersion == "26.1 (17B55)")
    #expect(reading.attempts.count == 10)
    #expect(reading.runResults == ["Success": 5, "Failure": 3, "Skipped": 1, "Expected Failure": 1])

    #expect(reading.devices.map(\.device.display) == ["iPhone 16 (18.6)", "iPhone 15 (17.5)"])
    #expect(reading.devices.map(\.isSimulator) == [true, false])
    #expect(reading.devices[0].device.os == "iOS Simulator 18.6 (22G86)")
    #expect(reading.devices[1].device.deviceName == "Jane's iPhone")

    // Each configuration and device is an execution of its own.
    let allowed = reading.executions.filter { $0.id == "CameraTests#testAllowed()" }
    #expect(
      Set(allowed.map { "\($0.device ?? "-")|\($0.configuration ?? "-")|\($0.outcome)" })
        == ["iPhone 16 (18.6)|English|passed", "iPhone 16 (18.6)|German|passed", "iPhone 15 (17.5)|English|passed"])
    #expect(Self.execution(reading, "CameraTests#testAllowed()")?.time == 1.5)
    #expect(Self.execution(reading, "CameraTests#testAllowed()")?.os == "iOS Simulator 18.6 (22G86)")

    // Failures whole, each issue with its file and line; sub-issues are part of their issue.
    let denied = try #require(Self.execution(reading, "CameraTests#testDenied()"))
    #expect(denied.outcome == .failed)
    #expect(
      denied.message
        == "CameraTests.swift:38: XCTAssertEqual failed: (\"denied\") is not equal to (\"allowed\")\nsecond issue")

    let limited = try #require(Self.execution(reading, "CameraTests#testLimited()"))
    #expect(limited.outcome == .skipped)
    #expect(limited.message == "Test skipped - needs a device")

    let blocked = try #require(Self.execution(reading, "CameraTests#testBlocked()"))
    #expect(blocked.outcome == .passed)
    #expect(
      blocked.message == "Expected failure: MDM profile pending\nCameraTests.swift:51: Camera is blocked by policy")

    // Swift Testing: arguments in their order, nested suites joined with `.`.
    let first = try #require(Self.execution(reading, "CameraTests.Denied#settingsLink(_:)", arguments: "\"a\", 1"))
    #expect(first.outcome == .passed)
    let second = try #require(Self.execution(reading, "CameraTests.Denied#settingsLink(_:)", arguments: "\"b\""))
    #expect(second.outcome == .failed)
    #expect(second.message == "Caught error: bad")

    // A retry that passed: two attempts, folded into one flaky execution.
    #expect(reading.attempts.filter { $0.name == "testFlaky()" }.map(\.outcome) == [.failed, .passed])
    let flaky = try #require(Self.execution(reading, "CameraTests#testFlaky()"))
    #expect(flaky.outcome == .flaky)
    #expect(flaky.message == "timing")
    #expect(reading.executions.count == 9)

    // The crash outside any test: the run did not finish as planned.
    #expect(reading.incompleteRuns.count == 1)
    #expect(reading.incompleteRuns.first?.cause == "The app crashed in setUp")
    #expect(reading.incompleteRuns.first?.suite == "CameraTests")
    #expect(reading.incompleteRuns.first?.device == "iPhone 16 (18.6)")

    // Attachments: their test (through the activity's parent, or the issue), run and time.
    #expect(reading.attachments.count == 2)
    let shot = reading.attachments[0]
    #expect(shot.testIdentifier == "CameraTests/testDenied()")
    #expect(shot.device == "iPhone 16 (18.6)")
    #expect(shot.configuration == "English")
    #expect(shot.name == "perm=camera.denied")
    #expect(shot.filename == "denied.png")
    #expect(shot.uniformType == "public.png")
    #expect(shot.uuid == "U-1")
    #expect(shot.dataPath == "Data/data.0~abc_DEF-1==")
    #expect(shot.payloadSize == nil)
    #expect(shot.time?.seconds == 786_000_000 + 978_307_200)
    #expect(shot.isAssociatedWithFailure == false)
    let hostile = reading.attachments[1]
    #expect(hostile.testIdentifier == "CameraTests/testDenied()")
    #expect(hostile.isAssociatedWithFailure)
    #expect(hostile.payloadID == "../../etc/passwd")
    #expect(hostile.dataPath == nil)
  }

  @Test func anAttachmentsBytesAreSizedFromData() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try Self.bundle(in: folder, schema: try TestDatabase.schema("xcode26"), rows: try Self.rows("camera"))
    try FileManager.default.createDirectory(
      at: bundle.appendingPathComponent("Data"), withIntermediateDirectories: true)
    try Data(repeating: 7, count: 1234).write(to: bundle.appendingPathComponent("Data/data.0~abc_DEF-1=="))
    let reading = XCResultDatabaseReader.read(bundle: bundle, location: Self.location)
    #expect(reading.attachments.first?.payloadSize == 1234)
  }

  /// Both readers' attachments make a path from a payload id by the one rule the object store
  /// reads by: only an id a bundle writes (`0~` and base64url) does, so none leaves `Data/`.
  @Test func aPayloadIDBecomesAPathOnlyWhenTheStoreWouldReadIt() {
    var attachment = XCResultBundleAttachment(testIdentifier: nil, name: nil)
    #expect(attachment.dataPath == nil)
    let ids: [(String, String?)] = [
      ("0~abc_DEF-1==", "Data/data.0~abc_DEF-1=="), ("../x", nil), ("a/b", nil), ("a.b", nil), ("a+b", nil),
      ("", nil), (String(repeating: "a", count: 257), nil), ("a\u{0}", nil), ("a b", nil),
    ]
    for (id, path) in ids {
      attachment.payloadID = id
      #expect(attachment.dataPath == path, "\(id)")
      #expect(XCResultObjectID.isValid(id) == (path != nil), "\(id)")
    }
  }

  @Test func readsTheOlderSchemaByColumnName() throws {
    // Xcode 12's xcresulttool: other column order, `isTopLevelFailure`, no `Arguments`, no
    // `filenameOverride`.
    let rows = try Self.rows("camera")
      .replacingOccurrences(of: "isTopLevel,", with: "isTopLevelFailure,")
      .replacingOccurrences(of: ", filenameOverride)", with: ")")
      .replacingOccurrences(of: ", 'denied.png'),", with: "),")
      .replacingOccurrences(of: "NULL, 1, NULL);", with: "NULL, 1);")
      .split(separator: "\n").filter {
        !$0.hasPrefix("INSERT INTO TestValues") && !$0.hasPrefix("INSERT INTO Arguments")
      }
      .joined(separator: "\n")
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try Self.bundle(in: folder, schema: try TestDatabase.schema("xcode12"), rows: rows)
    let reading = XCResultDatabaseReader.read(bundle: bundle, location: Self.location)
    #expect(reading.problems.isEmpty, "\(reading.problems)")
    #expect(reading.attempts.count == 10)
    let denied = try #require(Self.execution(reading, "CameraTests#testDenied()"))
    #expect(denied.message?.hasPrefix("CameraTests.swift:38: XCTAssertEqual failed") == true)
    #expect(denied.message?.contains("sub-issue") == false)
    #expect(reading.executions.filter { $0.name == "settingsLink(_:)" }.map(\.arguments) == [nil])
    #expect(reading.attachments.first?.filename == nil)
  }

  @Test func cyclesAndDanglingReferencesEndInAnswersNotHangs() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let hostile = """
      INSERT INTO TestSuiteRuns(rowid, testSuite_fk, testableRun_fk, parentSuiteRun_fk) VALUES (5, 1, NULL, 6), (6, 1, NULL, 5);
      INSERT INTO TestCaseRuns(rowid, result, duration, testSuiteRun_fk, testCase_fk) VALUES (11, 'Success', 1, 5, 3);
      INSERT INTO TestCaseRuns(rowid, result, duration, testSuiteRun_fk, testCase_fk) VALUES (12, 'Success', 1, 1, 99);
      INSERT INTO TestCaseRuns(rowid, result, duration, testSuiteRun_fk, testCase_fk) VALUES (13, 'Mystery', 1, 1, 3);
      INSERT INTO Activities(rowid, testCaseRun_fk, parent_fk) VALUES (3, NULL, 4), (4, NULL, 3);
      INSERT INTO Attachments(rowid, name, activity_fk, xcResultKitPayloadRefId) VALUES (3, 'loop', 3, NULL);
      """
    let bundle = try Self.bundle(
      in: folder, schema: try TestDatabase.schema("xcode26"), rows: try Self.rows("camera") + hostile)
    let reading = XCResultDatabaseReader.read(bundle: bundle, location: Self.location, defaultDevice: "Given Phone")
    // A suite run whose parents loop places its run on no device or configuration.
    let placed = try #require(reading.attempts.first { $0.name == "testLimited()" && $0.device == "Given Phone" })
    #expect(placed.configuration == nil)
    #expect(placed.outcome == .passed)
    // A run of a test case the database lacks is a problem naming it, not a nameless execution.
    #expect(
      reading.problems.map(\.message) == [
        "database.sqlite3: 1 test run(s) name test case 99, which its TestCases table lacks; they are not read"
      ])
    #expect(reading.attempts.allSatisfy { !$0.name.isEmpty })
    // A result the reader does not know proves nothing.
    let mystery = try #require(reading.attempts.first { $0.message?.contains("Mystery") == true })
    #expect(mystery.outcome == .skipped)
    #expect(mystery.message == "the database gives the result \"Mystery\", which proves nothing")
    let loop = try #require(reading.attachments.first { $0.name == "loop" })
    #expect(loop.testIdentifier == nil)
    #expect(loop.dataPath == nil)
  }

  // MARK: - Files that are not what they claim

  @Test func aFileThatIsNotSQLiteIsAnErrorNamingIt() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("database.sqlite3")
    for bytes in [Data(), Data("<?xml version=\"1.0\"?>".utf8), Data(repeating: 0, count: 4096)] {
      try bytes.write(to: file)
      #expect(throws: SQLiteError.notSQLite(path: "Run.xcresult/database.sqlite3")) {
        try XCResultDatabaseReader.read(file, path: "Run.xcresult/database.sqlite3", location: Self.location)
      }
    }
    let reading = XCResultDatabaseReader.read(bundle: folder, location: Self.location)
    #expect(reading.attempts.isEmpty)
    #expect(reading.problems.map(\.location.path) == ["Run.xcresult/database.sqlite3"])
    #expect(reading.problems.first?.message.contains("is not an SQLite database") == true)
  }

  @Test func aMissingDatabaseIsAProblem() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let reading = XCResultDatabaseReader.read(bundle: folder, location: Self.location)
    #expect(reading.problems.count == 1)
    #expect(reading.problems.first?.message.contains("cannot be opened") == true)
  }

  @Test func anUnknownSchemaNamesWhatIsMissing() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = try TestDatabase.schema("xcode26")
      .replacingOccurrences(
        of: "CREATE TABLE TestCaseRuns (result TEXT,", with: "CREATE TABLE TestCaseRuns (outcome TEXT,"
      )
      .replacingOccurrences(of: "CREATE TABLE Attachments", with: "CREATE TABLE Attachments2")
    let bundle = try Self.bundle(in: folder, schema: schema, rows: "")
    let reading = XCResultDatabaseReader.read(bundle: bundle, location: Self.location)
    #expect(reading.attempts.isEmpty)
    #expect(
      reading.problems.map(\.message) == [
        "Run.xcresult/database.sqlite3 has a schema this reader does not know (missing: Attachments, TestCaseRuns.result)"
      ])
    // Some other SQLite database altogether.
    try FileManager.default.removeItem(at: bundle.appendingPathComponent("database.sqlite3"))
    try SQLiteScript.run("CREATE TABLE notes (text TEXT);", at: bundle.appendingPathComponent("database.sqlite3"))
    let other = XCResultDatabaseReader.read(bundle: bundle, location: Self.location)
    #expect(other.problems.first?.message.contains("missing: Actions, Activities, Attachments") == true)
  }

  @Test func aDamagedDatabaseIsAnErrorNotACrash() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try Self.bundle(in: folder, schema: try TestDatabase.schema("xcode26"), rows: try Self.rows("camera"))
    let file = bundle.appendingPathComponent("database.sqlite3")
    let whole = try Data(contentsOf: file)
    // Cut short, and with its pages overwritten: each ends in a problem naming the file.
    for damaged in [
      whole.prefix(whole.count / 2), whole.prefix(100),
      whole.prefix(1024) + Data(repeating: 0xA5, count: whole.count - 1024),
    ] {
      try damaged.write(to: file)
      let reading = XCResultDatabaseReader.read(bundle: bundle, location: Self.location)
      #expect(reading.problems.count == 1)
      #expect(reading.problems.first?.location.path == "Run.xcresult/database.sqlite3")
    }
  }

  @Test func readingWritesNothingBesideTheDatabase() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A database left in WAL mode: a normal open would create -wal and -shm files.
    let bundle = try Self.bundle(
      in: folder, schema: "PRAGMA journal_mode = WAL;\n" + (try TestDatabase.schema("xcode26")),
      rows: try Self.rows("camera"))
    let before = try FileManager.default.contentsOfDirectory(atPath: bundle.path).sorted()
    #expect(before == ["database.sqlite3"])
    let bytes = try Data(contentsOf: bundle.appendingPathComponent("database.sqlite3"))
    let reading = XCResultDatabaseReader.read(bundle: bundle, location: Self.location)
    #expect(reading.attempts.count == 10)
    #expect(try FileManager.default.contentsOfDirectory(atPath: bundle.path).sorted() == before)
    #expect(try Data(contentsOf: bundle.appendingPathComponent("database.sqlite3")) == bytes)
  }

  @Test func aPathWithURICharactersIsOpenedAsAPath() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let odd = folder.appendingPathComponent("a?b#c%20 d")
    try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
    let bundle = try Self.bundle(in: odd, schema: try TestDatabase.schema("xcode26"), rows: try Self.rows("camera"))
    let reading = XCResultDatabaseReader.read(bundle: bundle, location: Self.location)
    #expect(reading.problems.isEmpty, "\(reading.problems)")
    #expect(reading.attempts.count == 10)
    #expect(try FileManager.default.contentsOfDirectory(atPath: bundle.path) == ["database.sqlite3"])
  }
}
