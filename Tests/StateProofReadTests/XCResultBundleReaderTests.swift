import Foundation
import StateProofModel
import Testing
import StateProofTestSupport

@testable import StateProofRead

/// The result-bundle reader on bundles built in the exact shapes real ones have: the tagged text
/// decoder, the zstd boundary, every format version seen, each outcome, and hostile bundles.
@Suite(
  .enabled(if: Zstd.isAvailable && SQLiteDatabase.isAvailable, "needs libzstd1 and libsqlite3-0"), .temporaryFolders)
struct XCResultBundleReaderTests {
  typealias Fixture = XCResultBundleFixture
  typealias Value = XCResultBundleFixture.Value

  static func read(_ fixture: Fixture) -> XCResultBundleYield {
    XCResultBundleReader.read(
      bundle: fixture.bundle.path, location: EvidenceLocation(root: "evidence", path: "Run.xcresult"))
  }

  // MARK: The object decoder

  @Test func decodesTypesKeysValuesAndArrays() throws {
    let text =
      "[T[K2:_nV12:ActionRecord]K5:title[T[K2:_nV6:String]K2:_vV9:Tést \"x\"]K4:list[S5:Array[S6:StringK2:_vV1:a][S6:StringK2:_vV1:b]]K3:sub[T[K2:_nV4:Kind]K2:_s[K2:_nV4:Base]K4:deep[S6:StringK2:_vV3:yes]]]"
    let object = try XCResultObjectDecoder.decode(Array(text.utf8))
    #expect(object.type == "ActionRecord")
    #expect(object.string("title") == "Tést \"x\"")
    #expect(object.array("list").map(\.text) == ["a", "b"])
    #expect(object["sub"]?.type == "Kind")
    #expect(object["sub"]?.string("deep") == "yes")
  }

  @Test(arguments: [
    ("[S6:StringK2:_vV99:short]", XCResultObjectError.Reason.lengthPastEnd(99)),
    ("[S6:StringK2:_vV5:short", .unexpectedEnd),
    ("[S6:StringK1:aV1:xK1:aV1:y]", .repeatedKey("a")),
    ("[S6:StringK2:_vV5:short]]", .trailingBytes),
    ("[S6:StringK2:_vVx:short]", .badLength),
    ("[S6:StringK2:_vV99999999999:x]", .badLength),
    ("[S6:StringQ]", .unexpectedByte(UInt8(ascii: "Q"))),
  ])
  func refusesBrokenRecords(text: String, reason: XCResultObjectError.Reason) {
    #expect(throws: XCResultObjectError.self) { try XCResultObjectDecoder.decode(Array(text.utf8)) }
    do {
      _ = try XCResultObjectDecoder.decode(Array(text.utf8))
    } catch {
      #expect(error.reason == reason)
    }
  }

  @Test func refusesNestingBeyondTheBound() {
    let deep = String(repeating: "[S5:Array", count: 10_000) + String(repeating: "]", count: 10_000)
    do {
      _ = try XCResultObjectDecoder.decode(Array(deep.utf8))
      Issue.record("decoded 10,000 levels")
    } catch {
      #expect(error.reason == .tooDeep)
    }
  }

  // MARK: The zstd boundary

  @Test(.enabled(if: Zstd.isAvailable, "needs libzstd (libzstd1)")) func zstdRoundTripsAndStopsAtItsLimit() {
    let text = Array(String(repeating: "ActionTestMetadata ", count: 50_000).utf8)
    let frame = Fixture.compress(text)
    #expect(frame.starts(with: Zstd.magic))
    #expect(Zstd.decode(frame, limit: 1 << 20) == .success(text))
    #expect(Zstd.decode(frame, limit: 1000) == .failure(.tooLarge(limit: 1000)))
    #expect(Zstd.decode(Array(frame.dropLast(5)), limit: 1 << 20) == .failure(.truncated))
    let garbage = Zstd.decode(Zstd.magic + [1, 2, 3, 4, 5, 6, 7, 8], limit: 1 << 20)
    guard case .failure(.corrupt) = garbage else {
      Issue.record("garbage after the magic decoded")
      return
    }
  }

  // MARK: Bundles

  /// A run of every outcome on two destinations and two configurations.
  static func fullRun(minor: Int) throws -> Fixture {
    var fixture = try Fixture()
    let failed = try fixture.store(
      .object(
        "ActionTestSummary",
        [
          (
            "failureSummaries",
            .array([
              .object(
                "ActionTestFailureSummary",
                [
                  ("fileName", .string("/Users/ci/App/PermissionTests.swift")), ("lineNumber", .scalar("Int", "42")),
                  ("message", .string("XCTAssertTrue failed - the Settings button is missing")),
                ])
            ])
          ),
          ("testStatus", .string("Failure")),
        ]))
    let skipped = try fixture.store(
      .object(
        "ActionTestSummary",
        [
          (
            "skipNoticeSummary",
            .object("ActionTestNoticeSummary", [("message", .string("Test skipped - needs a device"))])
          ),
          ("testStatus", .string("Skipped")),
        ]))
    let expected = try fixture.store(
      .object(
        "ActionTestSummary",
        [
          (
            "expectedFailures",
            .array([.object("ActionTestExpectedFailure", [("failureReason", .string("Known bug 12"))])])
          ),
          ("testStatus", .string("Expected Failure")),
        ]))
    let heic: [UInt8] =
      [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
      + [UInt8](repeating: 7, count: 64)
    let payload = try fixture.store(heic, raw: true)
    let argument = { (value: String) -> Value in
      .array([.object("TestArgument", [("value", .object("TestValue", [("description", .string(value))]))])])
    }
    let denied = try fixture.store(
      .object(
        "ActionTestSummary",
        [
          (
            "activitySummaries",
            .array([
              .object(
                "ActionTestActivitySummary",
                [
                  (
                    "subactivities",
                    .array([
                      .object(
                        "ActionTestActivitySummary",
                        [
                          (
                            "attachments",
                            .array([
                              .object(
                                "ActionTestAttachment",
                                [
                                  ("filename", .string("camera.denied_0_6F1C.png")), ("name", .string("camera.denied")),
                                  ("payloadRef", .reference(payload)),
                                  ("timestamp", .scalar("Date", "2025-11-24T11:52:34.680+0500")),
                                  ("uniformTypeIdentifier", .string("public.png")),
                                ])
                            ])
                          )
                        ])
                    ])
                  )
                ])
            ])
          ),
          ("arguments", argument("denied")),
          ("testStatus", .string("Success")),
        ]))
    let tests: [Value] = [
      Fixture.metadata("PermissionTests/testDenied()", status: "Failure", summary: failed),
      Fixture.metadata("PermissionTests/testDenied()", status: "Success"),
      Fixture.metadata("PermissionTests/testSkipped()", status: "Skipped", summary: skipped),
      Fixture.metadata("PermissionTests/testKnownBug()", status: "Expected Failure", summary: expected),
      Fixture.metadata("PermissionTests/screen(status:)", status: "Success", summary: denied),
    ]
    let plan = try fixture.store(Fixture.plan(configurations: [("English", tests), ("German", [tests[2]])]))
    let root = try fixture.store(
      .object(
        "ActionsInvocationRecord",
        [
          (
            "actions",
            .array([
              Fixture.testAction(
                device: Fixture.device(name: "iPhone 16", model: "iPhone 16", os: "18.6", build: "22G86"), tests: plan),
              Fixture.testAction(
                device: Fixture.device(
                  name: "Jane's iPad", model: "iPad Pro", os: "17.5", build: "21F79", platform: "iOS"),
                tests: nil, errors: ["Test crashed with signal kill before starting test execution."]),
            ])
          )
        ]))
    try fixture.info(minor: minor, root: root)
    return fixture
  }

  @Test(arguments: [20, 26, 53, 56])
  func readsEveryFormatVersionSeen(minor: Int) throws {
    let fixture = try Self.fullRun(minor: minor)
    defer { fixture.remove() }
    let yield = Self.read(fixture)
    #expect(yield.problems.isEmpty)
    #expect(yield.formatVersion == "3.\(minor)")
    #expect(yield.devices.map(\.display) == ["iPhone 16 (18.6)", "iPad Pro (17.5)"])
    #expect(yield.devices.map(\.os) == ["iOS Simulator 18.6 (22G86)", "iOS 17.5 (21F79)"])
    let lines = yield.executions.map { test in
      "\(test.id) [\(test.configuration ?? "-")] [\(test.arguments ?? "-")] \(test.outcome.rawValue) \(test.device ?? "-") \(test.message ?? "-")"
    }
    #expect(
      lines == [
        "PermissionTests#testDenied() [English] [-] flaky iPhone 16 (18.6) PermissionTests.swift:42: XCTAssertTrue failed - the Settings button is missing",
        "PermissionTests#testSkipped() [English] [-] skipped iPhone 16 (18.6) Test skipped - needs a device",
        "PermissionTests#testKnownBug() [English] [-] passed iPhone 16 (18.6) Expected failure: Known bug 12",
        "PermissionTests#screen(status:) [English] [denied] passed iPhone 16 (18.6) -",
        "PermissionTests#testSkipped() [German] [-] skipped iPhone 16 (18.6) Test skipped - needs a device",
      ])
    // The second destination recorded no tests and an error: the run stopped there.
    #expect(yield.incompleteRuns.map(\.device) == ["iPad Pro (17.5)", "iPad Pro (17.5)"])
    #expect(yield.incompleteRuns.first?.cause == "Test crashed with signal kill before starting test execution.")
    let attachment = try #require(yield.attachments.first)
    #expect(yield.attachments.count == 1)
    #expect(attachment.testIdentifier == "PermissionTests/screen(status:)")
    #expect(attachment.name == "camera.denied")
    #expect(attachment.arguments == "denied")
    #expect(attachment.configuration == "English")
    #expect(attachment.time?.instant == "2025-11-24T06:52:34Z")
  }

  @Test(arguments: [(3, 19), (3, 57), (4, 0)])
  func anUnknownVersionIsAProblemThatNamesIt(major: Int, minor: Int) throws {
    var fixture = try Fixture()
    defer { fixture.remove() }
    let root = try fixture.store(.object("ActionsInvocationRecord", [("actions", .array([]))]))
    try fixture.info(major: major, minor: minor, root: root)
    let yield = Self.read(fixture)
    #expect(yield.problems.contains { $0.message.contains("format version \(major).\(minor)") }, "\(yield.problems)")
  }

  @Test func aZstdBombEndsWithAProblem() throws {
    var fixture = try Fixture()
    defer { fixture.remove() }
    // 64 MiB of one byte: a few KiB compressed.
    let bomb = [UInt8](repeating: UInt8(ascii: "["), count: 64 << 20)
    let root = try fixture.store(bomb)
    try fixture.info(minor: 56, root: root)
    let yield = Self.read(fixture)
    #expect(yield.attempts.isEmpty)
    #expect(
      yield.problems.map(\.message) == [
        "Data/data.\(root): decompresses to more than \(XCResultStore.recordLimit) bytes"
      ])
  }

  /// A bundle whose every test refers to one `summaryRef`: the record is decoded once, counted
  /// (not timed), so a bundle costs its size, not tests × references.
  @Test func aSharedSummaryIsDecodedOnce() throws {
    var fixture = try Fixture()
    defer { fixture.remove() }
    let summary = try fixture.store(
      .object(
        "ActionTestSummary",
        [
          ("failureSummaries", .array([.object("ActionTestFailureSummary", [("message", .string("shared failure"))])])),
          (
            "activitySummaries",
            .array([
              .object(
                "ActionTestActivitySummary",
                [
                  (
                    "attachments",
                    .array([
                      .object(
                        "ActionTestAttachment", [("name", .string("shot")), ("payloadRef", .reference("0~payload"))])
                    ])
                  )
                ])
            ])
          ),
        ]))
    let tests = (0..<300).map { Fixture.metadata("PermissionTests/test\($0)()", status: "Failure", summary: summary) }
    let plan = try fixture.store(Fixture.plan(configurations: [(name: "English", tests: tests)]))
    let device = Fixture.device(name: "iPhone 16", model: "iPhone 16", os: "18.6", build: "22G86")
    let root = try fixture.store(
      .object("ActionsInvocationRecord", [("actions", .array([Fixture.testAction(device: device, tests: plan)]))]))
    let location = EvidenceLocation(root: "evidence", path: "Run.xcresult")
    var graph = XCResultGraphReader(
      store: XCResultStore(bundle: fixture.bundle.path), location: location, formatVersion: "3.56")
    graph.read(rootID: root)
    // The root, the plan and the one summary: three records, each decoded once.
    #expect(graph.decodes == 3)
    #expect(graph.yield.attempts.count == 300)
    #expect(graph.yield.attempts.allSatisfy { $0.outcome == .failed && $0.message == "shared failure" })
    #expect(graph.yield.attachments.count == 1)
  }

  @Test func aCycleInTheGraphEndsWithAProblem() throws {
    var fixture = try Fixture()
    defer { fixture.remove() }
    let root = "0~root"
    try fixture.store(
      .object(
        "ActionsInvocationRecord",
        [
          (
            "actions",
            .array([Fixture.testAction(device: Fixture.device(name: "a", model: "a", os: "1", build: "b"), tests: root)]
            )
          )
        ]), id: root)
    try fixture.info(minor: 56, root: root)
    let yield = Self.read(fixture)
    #expect(yield.problems.map(\.message) == ["the object graph has a cycle: Data/data.0~root refers back to itself"])
  }

  @Test func aLengthPastTheEndEndsWithAProblem() throws {
    var fixture = try Fixture()
    defer { fixture.remove() }
    let root = try fixture.store(
      Array("[T[K2:_nV23:ActionsInvocationRecord]K7:actions[S5:Array[S6:StringK2:_vV4000:x]]]".utf8))
    try fixture.info(minor: 56, root: root)
    let yield = Self.read(fixture)
    #expect(yield.problems.first?.message.contains("a length of 4000 bytes runs past the end of the record") == true)
  }

  @Test func hostileIdsAndShapesAreProblemsNotReads() throws {
    var fixture = try Fixture()
    defer { fixture.remove() }
    let plan = try fixture.store(
      .object(
        "ActionTestPlanRunSummaries",
        [
          (
            "summaries",
            .array([
              .object(
                "ActionTestPlanRunSummary",
                [
                  ("name", .string("c")),
                  (
                    "testableSummaries",
                    .array([
                      .object(
                        "ActionTestableSummary",
                        [
                          (
                            "tests",
                            .array([
                              .object("ActionTestNewKind", []),
                              Fixture.metadata("A/b()", status: "Failure", summary: "../../../../etc/passwd"),
                            ])
                          )
                        ])
                    ])
                  ),
                ])
            ])
          )
        ]))
    let root = try fixture.store(
      .object(
        "ActionsInvocationRecord",
        [
          (
            "actions",
            .array([Fixture.testAction(device: Fixture.device(name: "a", model: "a", os: "1", build: "b"), tests: plan)]
            )
          )
        ]))
    try fixture.info(minor: 56, root: root)
    let yield = Self.read(fixture)
    #expect(yield.attempts.isEmpty)
    #expect(
      yield.problems.map(\.message) == [
        "a test node of type ActionTestNewKind, which the reader does not know; it is not read",
        "the object id \"../../../../etc/passwd\" is not one a bundle writes",
      ])
  }

  @Test func aBundleWithoutItsRootSaysWhatItHas() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.info(minor: 56, root: "0~gone")
    #expect(
      Self.read(fixture).problems.map(\.message) == [
        "Data/ lacks the root object Data/data.0~gone… and the bundle has no database.sqlite3: there is nothing to read"
      ])
    // A database that is not SQLite: read from it, it ends with a problem naming it.
    try Data("SQLite format 3\u{0}but not really".utf8).write(
      to: fixture.bundle.appendingPathComponent("database.sqlite3"))
    let yield = Self.read(fixture)
    #expect(yield.store == .database)
    #expect(yield.attempts.isEmpty)
    #expect(yield.problems.first?.location.path == "Run.xcresult/database.sqlite3", "\(yield.problems)")
  }

  /// Issue 37: an object graph that refers to a record `Data/` lacks, beside a database that holds
  /// the whole run, is read from the database, and the record's format says why; without the
  /// database the graph's problem names the missing record.
  @Test func anIncompleteGraphIsReadFromItsDatabase() throws {
    var fixture = try Fixture()
    defer { fixture.remove() }
    let root = try fixture.store(
      .object(
        "ActionsInvocationRecord",
        [
          (
            "actions",
            .array([
              Fixture.testAction(
                device: Fixture.device(name: "iPhone 16", model: "iPhone 16", os: "18.6", build: "22G86"),
                tests: "0~planGoneFromData")
            ])
          )
        ]))
    try fixture.info(minor: 56, root: root)
    let cut = Self.read(fixture)
    #expect(cut.store == .objectGraph)
    #expect(cut.problems.map(\.message) == ["Data/data.0~planGoneFromData is missing"])
    try SQLiteScript.run(
      try TestDatabase.schema("xcode26")
        + String(contentsOf: TestDatabase.fixtures.appendingPathComponent("rows-camera.sql"), encoding: .utf8),
      at: fixture.bundle.appendingPathComponent("database.sqlite3"))
    let yield = Self.read(fixture)
    #expect(yield.store == .database)
    #expect(yield.problems.isEmpty, "\(yield.problems)")
    #expect(yield.attempts.count == 10)
    #expect(
      yield.note
        == "its object graph refers to Data/data.0~planGoneFromData…, which the bundle lacks, so the tests were read from database.sqlite3"
    )
    #expect(EvidenceReader.bundleFormat(yield).hasSuffix(", read from its database.sqlite3 (\(yield.note ?? ""))"))
  }

  @Test func noInfoPlistIsAProblem() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    #expect(Self.read(fixture).problems.first?.message.hasPrefix("Info.plist") == true)
  }
}
