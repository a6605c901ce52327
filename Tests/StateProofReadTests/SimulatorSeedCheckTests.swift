import Foundation
import StateProofTestSupport
import Testing

@testable import StateProofKnowledge
@testable import StateProofRead

/// Issue 49: `seed-check --ios` reads the Simulator's own stores. TCC.db fixtures are made at
/// test time through SQLite in each schema generation, `clients.plist` and BulletinBoard's list
/// as binary property lists; each classifies to the state its value stands for, and only the
/// app's own rows count. The tests that make a TCC.db need libsqlite3-0, and are skipped without it.
@Suite(.temporaryFolders) struct SimulatorSeedCheckTests {
  static let app = "com.example.scanner"

  static func folder(_ generation: SimulatorData.Generation, _ rows: [SimulatorData.Row]) throws -> URL {
    let folder = try TemporaryFolder.make()
    try SimulatorData.tcc(in: folder, generation, rows: rows)
    return folder
  }

  static func check(_ folder: URL, _ permission: String = "camera", want: String) throws -> SimulatorSeedCheckResult {
    try SimulatorSeedCheck.check(.dataFolder(folder, shown: "data"), bundle: app, permission: permission, want: want)
  }

  /// Every generation: the schema is told by its columns, and the app's value decides the state.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0"), arguments: SimulatorData.Generation.allCases)
  func eachSchemaGenerationClassifies(generation: SimulatorData.Generation) throws {
    let old = generation == .allowed
    let cases: [(value: Int, state: String)] =
      old ? [(0, "denied"), (1, "authorized")] : [(0, "denied"), (2, "authorized")]
    for (value, state) in cases {
      let folder = try Self.folder(generation, [.init("kTCCServiceCamera", Self.app, value)])
      let result = try Self.check(folder, want: state)
      #expect(result.found == state && result.taken, "\(generation) \(generation.valueColumn)=\(value)")
      let expected: TCCSchema.Generation =
        switch generation {
        case .allowed: .allowed
        case .columns13: .authValue13
        case .columns17: .authValue17
        case .columns19: .authValue19
        }
      #expect(result.reading.schema?.generation == expected, "\(generation)")
      #expect(result.reading.raw.hasPrefix("\(generation.valueColumn)=\(value)"))
    }
    let empty = try Self.folder(generation, [])
    #expect(try Self.check(empty, want: "not-determined").found == "not-determined", "no row is never asked")
  }

  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func theColumnCountsAreTheSourcesOnes() throws {
    for (generation, count) in [(SimulatorData.Generation.columns13, 13), (.columns17, 17), (.columns19, 19)] {
      let folder = try Self.folder(generation, [.init("kTCCServiceCamera", Self.app, 2)])
      #expect(try Self.check(folder, want: "authorized").reading.schema?.columns.count == count)
    }
  }

  /// auth_value 3 is limited (photos), and a value no source backs reads as no state.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func limitedAndUnknownValues() throws {
    let folder = try Self.folder(
      .columns17, [.init("kTCCServicePhotos", Self.app, 3), .init("kTCCServiceCamera", Self.app, 1)])
    #expect(try Self.check(folder, "photos", want: "limited").taken)
    let unknown = try Self.check(folder, want: "authorized")
    #expect(unknown.found == "unknown" && !unknown.taken && unknown.reading.raw.hasPrefix("auth_value=1"))
  }

  /// A revoked camera wanted as authorized: not taken, found denied.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func aRevokedCameraIsNotAuthorized() throws {
    let folder = try Self.folder(.columns17, [.init("kTCCServiceCamera", Self.app, 0)])
    let result = try Self.check(folder, want: "authorized")
    #expect(!result.taken && result.found == "denied" && result.wanted == "authorized")
  }

  /// Another app's row, or a path client's, is no proof: the app still has no row.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func anotherAppsRowDoesNotCount() throws {
    let folder = try Self.folder(
      .columns17,
      [.init("kTCCServiceCamera", "com.other.app", 2), .init("kTCCServiceCamera", Self.app, 2, clientType: 1)])
    let result = try Self.check(folder, want: "authorized")
    #expect(!result.taken && result.found == "not-determined")
    #expect(result.reading.rows.isEmpty)
    #expect(result.reading.notes.first?.contains("com.other.app") == true)
    #expect(result.reading.notes.first?.contains("client_type 1") == true)
    #expect(result.record(time: nil, device: nil).rows.isEmpty, "the record keeps the app's rows only")
  }

  /// The iOS 12 shape lets a row in twice: duplicates that agree are one answer, said; ones that
  /// disagree are no answer.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func duplicateRowsAreNamed() throws {
    let same = try Self.folder(
      .allowed, [.init("kTCCServiceCamera", Self.app, 1), .init("kTCCServiceCamera", Self.app, 1)])
    let result = try Self.check(same, want: "authorized")
    #expect(result.taken && result.reading.notes.contains { $0.contains("2 identical") })
    let differ = try Self.folder(
      .allowed, [.init("kTCCServiceCamera", Self.app, 1), .init("kTCCServiceCamera", Self.app, 0)])
    #expect(throws: SimulatorStoreError.self) { try Self.check(differ, want: "authorized") }
  }

  /// The record keeps the schema's columns, the raw values, the runtime and Xcode version.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func theRecordKeepsTheColumnsAndRawValues()
    throws
  {
    let folder = try Self.folder(.columns17, [.init("kTCCServiceCamera", Self.app, 2)])
    var result = try Self.check(folder, want: "authorized")
    result.runtime = "17.5"
    result.xcode = "15.4"
    let record = result.record(time: "2025-11-24T16:00:00Z", device: "booted")
    #expect(record.platform == "ios" && record.store == "tcc" && record.service == "kTCCServiceCamera")
    #expect(record.columns?.count == 17 && record.columns?.last == "last_reminded")
    #expect(record.rows.first?["auth_value"] == "2" && record.rows.first?["auth_reason"] == "4")
    #expect(record.runtime == "17.5" && record.xcode == "15.4" && record.device == "booted")
    let line = try record.jsonLine()
    #expect(line.contains("\"platform\":\"ios\"") && !line.contains("\n"))
  }

  /// Binary clients.plist fixtures, both key forms: only `i<bundle>:` decides; a leftover plain
  /// key is reported, never taken.
  @Test func locationdClientsClassify() throws {
    let cases: [([String: [String: Any]], String)] = [
      (["i\(Self.app):": ["Authorization": 4, "SupportedAuthorizationMask": 7]], "always"),
      (["i\(Self.app):": ["Authorization": 2]], "when-in-use"),
      (["i\(Self.app):": ["Authorization": 1]], "denied"),
      (["icom.other.app:": ["Authorization": 4]], "not-determined"),
      ([:], "not-determined"),
    ]
    for (entries, state) in cases {
      let folder = try TemporaryFolder.make()
      try SimulatorData.locationClients(in: folder, entries)
      let result = try Self.check(folder, "location", want: state)
      #expect(result.taken, "\(entries) → \(result.found)")
      #expect(result.reading.store.kind == .locationd)
    }
    let legacy = try TemporaryFolder.make()
    try SimulatorData.locationClients(in: legacy, [Self.app: ["Authorization": 4]])
    let result = try Self.check(legacy, "location", want: "always")
    #expect(!result.taken && result.found == "not-determined")
    #expect(result.reading.notes.contains { $0.contains("leftover") && $0.contains("Authorization=4") })
    let both = try TemporaryFolder.make()
    try SimulatorData.locationClients(
      in: both, [Self.app: ["Authorization": 4], "i\(Self.app):": ["Authorization": 1]])
    let taken = try Self.check(both, "location", want: "denied")
    #expect(taken.taken && taken.reading.notes.count == 1)
    // No clients.plist yet: locationd has written no client, so never asked.
    #expect(try Self.check(try TemporaryFolder.make(), "location", want: "not-determined").taken)
  }

  /// BulletinBoard's section list, read last and with low confidence.
  @Test func notificationsAreReadWithLowConfidence() throws {
    let folder = try TemporaryFolder.make()
    try SimulatorData.bulletinBoard(in: folder, [Self.app: false, "com.other.app": true])
    let result = try Self.check(folder, "notifications", want: "denied")
    #expect(result.taken && result.reading.store.confidence == .low)
    #expect(result.lines.last?.contains("low confidence") == true)
  }

  /// The lines a script printed with sqlite3 and python3, read on another machine.
  @Test func printedLinesClassify() throws {
    let text = """
      2025-11-24T16:00:00Z some log line
      simulator runtime=17.5 xcode=15.4
      tcc columns=service,client,client_type,auth_value,auth_reason,auth_version,csreq,policy_id,indirect_object_identifier_type,indirect_object_identifier,indirect_object_code_identity,flags,last_modified,pid,pid_version,boot_uuid,last_reminded
      tcc service=kTCCServiceCamera client=com.example.scanner auth_value=0 auth_reason=4 auth_version=1 flags=null last_modified=1700000001
      tcc service=kTCCServiceCamera client=com.other.app auth_value=2 auth_reason=4 auth_version=1
      tcc service=kTCCServiceMicrophone client=com.example.scanner row=absent
      location client=icom.example.scanner: Authorization=4
      """
    let data = Data(text.utf8)
    let camera = try SimulatorSeedCheck.check(
      .printed(data), bundle: Self.app, permission: "camera", want: "authorized")
    #expect(camera.found == "denied" && camera.reading.schema?.generation == .authValue17)
    #expect(camera.runtime == "17.5" && camera.xcode == "15.4")
    let microphone = try SimulatorSeedCheck.check(
      .printed(data), bundle: Self.app, permission: "microphone", want: "not-determined")
    #expect(microphone.taken)
    let location = try SimulatorSeedCheck.check(
      .printed(data), bundle: Self.app, permission: "location", want: "always")
    #expect(location.taken)
    #expect(throws: SimulatorStoreError.nothingPrinted(store: "notifications", line: 7)) {
      try SimulatorSeedCheck.check(.printed(data), bundle: Self.app, permission: "notifications", want: "denied")
    }
  }

  /// What the store cannot tell, and what is not there, are errors saying so.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0")) func whatCannotBeReadSaysWhy() throws {
    let empty = try TemporaryFolder.make()
    #expect(throws: SimulatorStoreError.self) { try Self.check(empty, want: "authorized") }
    let folder = try Self.folder(.columns17, [])
    do {
      _ = try Self.check(folder, want: "restricted")
      Issue.record("restricted was read")
    } catch {
      #expect("\(error)".contains("cannot be read from the Simulator's store"))
    }
    #expect(throws: SimulatorStoreError.unknownPermission("wifi")) { try Self.check(folder, "wifi", want: "granted") }
  }
}
