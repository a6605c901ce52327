import Foundation
import StateProofModel
import StateProofEvidence
import Testing

@testable import StateProofRead
import StateProofTestSupport

@Suite struct JUnitReaderTests {
  static let fixtures = TestFiles.readerFixture("junit")

  struct Reading {
    var summary: JUnitFileSummary
    var executions: [TestExecution]

    func execution(_ name: String) -> TestExecution? { executions.first { $0.name == name } }
  }

  /// Reads `url` as if discovery found it at `path` under a root.
  static func read(_ url: URL, path: String? = nil, defaultDevice: String? = nil) -> Reading {
    let record = FileRecord(
      root: "evidence", path: path ?? url.lastPathComponent, kind: .junit, bytes: 0, sha256: nil)
    var executions: [TestExecution] = []
    let summary = JUnitReader.read(
      DiscoveredFile(record: record, url: url), defaultDevice: defaultDevice
    ) { executions.append($0) }
    return Reading(summary: summary, executions: executions)
  }

  static func fixture(_ path: String, defaultDevice: String? = nil) -> Reading {
    read(fixtures.appendingPathComponent(path), path: path, defaultDevice: defaultDevice)
  }

  /// Writes `bytes` to a fresh temporary file and reads it.
  static func read(bytes: [UInt8], name: String = "generated.xml") throws -> Reading {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("junit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return read(url)
  }

  // MARK: Dialects

  @Test func readsAndroidConnectedReport() throws {
    let reading = Self.fixture("agp/connected/debug/TEST-Pixel_7_API_34(AVD) - 14-_app-.xml")
    #expect(reading.summary.dialect == .androidConnected)
    #expect(reading.summary.isComplete && reading.summary.problems.isEmpty)
    #expect(reading.executions.count == 4)
    #expect(Set(reading.executions.map(\.device)) == ["Pixel_7_API_34(AVD) - 14"])
    let failed = try #require(reading.execution("deniedShowsRationale"))
    #expect(failed.outcome == .failed)
    // AGP writes no message attribute: the whole text is the message, stack trace included.
    #expect(
      failed.message == """
        java.lang.AssertionError: rationale dialog not shown
        \tat org.junit.Assert.fail(Assert.java:89)
        \tat com.example.camera.CameraPermissionTest.deniedShowsRationale(CameraPermissionTest.kt:42)
        """)
    #expect(failed.location.line == 9)
    #expect(reading.execution("permanentlyDenied")?.outcome == .skipped)
    #expect(reading.execution("permanentlyDenied")?.message == nil)
    #expect(reading.execution("revokedAtRuntime")?.classname == "com.example.location.LocationPermissionTest")
    #expect(reading.execution("grantedShowsPreview")?.time == 1.25)
    #expect(reading.summary.outcomes[.passed] == 2)
    #expect(reading.summary.incompleteRuns.isEmpty)
    #expect(reading.summary.devices == ["Pixel_7_API_34(AVD) - 14"])
  }

  @Test func readsAndroidToolFailureAsAStoppedRun() {
    let path = "agp/connected/debug/TEST-Pixel_7_API_34(AVD) - 14-_app-toolfailure.xml"
    let reading = Self.fixture(path)
    #expect(reading.executions.isEmpty)
    #expect(reading.summary.isTestReport && reading.summary.isComplete)
    #expect(reading.summary.problems.isEmpty)
    #expect(
      reading.summary.incompleteRuns == [
        IncompleteRun(
          location: EvidenceLocation(root: "evidence", path: path, line: 6), device: "Pixel_7_API_34(AVD) - 14",
          suite: nil,
          cause: "INSTRUMENTATION_FAILED: com.example.test/androidx.test.runner.AndroidJUnitRunner\nmore detail")
      ])
  }

  @Test func waitsForDevicesNamedAfterTheCases() throws {
    let reading = Self.fixture("trainer-late-devices.junit")
    #expect(reading.summary.dialect == .fastlaneTrainer)
    #expect(reading.summary.suiteCount == 5)
    #expect(reading.executions.count == 6)
    let devices = Dictionary(grouping: reading.executions, by: { $0.device ?? "none" })
      .mapValues { $0.map(\.name) }
    #expect(
      devices["iPhone 16 (18.2)"] == ["prompt appears()", "prompt appears()", "settings link()", "testLocation()"])
    #expect(devices["iPad Air (17.5)"] == ["testLocation()", "testNotifications()"])
    let retries = reading.executions.filter { $0.name == "prompt appears()" }
    #expect(retries.map(\.repetition) == ["Retry 1", "Retry 2"])
    #expect(retries.map(\.outcome) == [.failed, .passed])
    #expect(retries.first?.message == "PermissionTests.swift:12: Expectation failed: prompt.exists")
    #expect(reading.execution("settings link()")?.message == "Test 'settings link()' skipped: needs iOS 18")
    #expect(reading.execution("testNotifications()")?.time == nil)
  }

  @Test func readsSurefireRerunsAndFlakes() {
    let reading = Self.fixture("surefire-reruns.xml")
    #expect(reading.summary.dialect == .surefire)
    let outcomes = Dictionary(uniqueKeysWithValues: reading.executions.map { ($0.name, $0.outcome) })
    #expect(outcomes == ["flakyGrant": .flaky, "flakyError": .flaky, "alwaysFails": .failed, "alwaysErrors": .error])
    // The stack trace repeats the one-line message attribute, so it is the whole message; the
    // system-out nested in the flaky result is not part of it.
    #expect(
      reading.execution("flakyGrant")?.message
        == "java.lang.AssertionError: expected granted\n\tat com.example.GrantTest.flakyGrant(GrantTest.java:10)")
    #expect(reading.execution("flakyError")?.message == "timeout")
    #expect(reading.execution("alwaysFails")?.message == "still denied\ntrace")
    #expect(
      reading.execution("alwaysErrors")?.message
        == "java.lang.IllegalStateException: no binder\n\n\tat com.example.GrantTest.alwaysErrors(GrantTest.java:30)")
    #expect(reading.execution("alwaysFails")?.time == 1.5)
    #expect(reading.execution("alwaysErrors")?.time == 1234.5)
  }

  @Test func recognisesXcprettyByItsShape() {
    // REXML's single quotes, a root with only tests and failures, one suite per case (xcpretty's
    // junit.rb compares a suite's name with the bare class and never matches), no time on a failure.
    let reading = Self.fixture("xcpretty.xml")
    #expect(reading.summary.dialect == .xcpretty)
    #expect(reading.executions.map(\.outcome) == [.passed, .failed, .passed])
    #expect(
      reading.execution("testDeniedOffersSettingsAfterTap")?.message
        == "XCTAssertTrue failed - \"Open Settings\" button did not appear\nScannerUITests/CameraStateScreenTests.swift:61"
    )
    // The same shape with one more attribute is not xcpretty's.
    let other = try? Self.read(
      bytes: Array(
        """
        <testsuites tests='1' failures='0'><testsuite name='T.C' tests='1' failures='0' time='1'>\
        <testcase classname='T.C' name='testA'/></testsuite></testsuites>
        """.utf8))
    #expect(other?.summary.dialect == .generic)
  }

  @Test func readsOddValuesLeniently() {
    let reading = Self.fixture("odd-values.xml")
    #expect(reading.summary.dialect == .pytest)
    #expect(reading.summary.problems.isEmpty)
    #expect(reading.execution("decimal_comma")?.time == 2.5)
    for name in ["garbage", "negative", "empty", "no_classname_no_time"] {
      #expect(reading.execution(name)?.time == nil, "\(name)")
    }
    #expect(reading.execution("no_classname_no_time")?.classname == "")
    #expect(reading.execution("skip_with_text")?.message == "t/odd.py:12: needs a device")
    #expect(reading.execution("error_bare")?.outcome == .error)
    #expect(reading.execution("error_bare")?.message == nil)
    #expect(reading.execution("error_bare")?.time == 0.001)
  }

  @Test func ignoresXMLThatIsNoTestReport() {
    let reading = Self.fixture("AndroidManifest.xml")
    #expect(!reading.summary.isTestReport)
    #expect(reading.summary.problems.isEmpty && reading.executions.isEmpty)
  }

  // MARK: Devices

  @Test func takesTheDeviceFromAndroidPaths() {
    #expect(DevicePath.device(in: "TEST-Pixel_4_XL_API_30(AVD) - 11-app-.xml") == "Pixel_4_XL_API_30(AVD) - 11")
    #expect(DevicePath.device(in: "a/connected/debug/TEST-test_device(AVD) - 15-_app-.xml") == "test_device(AVD) - 15")
    #expect(
      DevicePath.device(in: "connected/debug/flavors/beta/TEST-Medium_Phone_2(AVD) - 13-_app-beta.xml")
        == "Medium_Phone_2(AVD) - 13")
    #expect(DevicePath.device(in: "app/connected/SM-S901E - 15/results.xml") == "SM-S901E - 15")
    #expect(DevicePath.device(in: "build/test-results/testDebugUnitTest/TEST-com.example.FooTest.xml") == nil)
    #expect(DevicePath.device(in: "connected/debug/report.xml") == nil)
  }

  @Test func fallsBackToThePathThenTheDefaultDevice() {
    let suite = Array(
      #"<testsuites><testsuite name="s"><testcase classname="c" name="t"/></testsuite></testsuites>"#.utf8)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("report.xml")
    try? Data(suite).write(to: url)
    let fromPath = Self.read(url, path: "connected/debug/TEST-Pixel_9(AVD) - 15-_app-.xml", defaultDevice: "cli")
    #expect(fromPath.executions.map(\.device) == ["Pixel_9(AVD) - 15"])
    let fromDefault = Self.read(url, path: "xcresults/report.xml", defaultDevice: "iPhone 15 (17.0)")
    #expect(fromDefault.executions.map(\.device) == ["iPhone 15 (17.0)"])
  }

  @Test func stopsWaitingForADeviceAfterTooManyCases() throws {
    let count = JUnitStream.maxWaitingCases + 5
    var xml = "<testsuites><testsuite name='Target'><testsuite name='Class'>"
    for index in 0..<count { xml += "<testcase classname='C' name='t\(index)'/>" }
    xml += "</testsuite><testcase classname='C' name='late'/>"
    xml += "<properties><property name='device' value='iPhone'/></properties></testsuite></testsuites>"
    let reading = try Self.read(bytes: Array(xml.utf8))
    #expect(reading.executions.count == count + 1)
    #expect(reading.executions.allSatisfy { $0.device == nil })
    #expect(reading.summary.problems.count == 1)
    #expect(
      reading.summary.problems.first?.message
        == "suite 'Target' names its device 'iPhone' after \(count + 1) of its cases were delivered without it "
        + "(the reader holds at most \(JUnitStream.maxWaitingCases) cases waiting for a device)")
  }

  // MARK: Broken and hostile files

  /// A suite of `count` passing cases, one per line, opened but not closed.
  static func goodPrefix(_ count: Int) -> [UInt8] {
    var xml = "<testsuites>\n<testsuite name='s'>\n"
    for index in 0..<count { xml += "<testcase classname='c' name='good\(index)' time='0.1'/>\n" }
    return Array(xml.utf8)
  }

  /// Every case before the break is delivered, in order, and none after it.
  static func expectPrefixDelivered(_ reading: Reading, of count: Int) {
    #expect(reading.executions.map(\.name) == (0..<count).map { "good\($0)" })
  }

  @Test func deliversCasesBeforeATruncation() throws {
    let reading = try Self.read(bytes: Self.goodPrefix(100) + Array("<testcase classname='c' name='cut' ti".utf8))
    Self.expectPrefixDelivered(reading, of: 100)
    #expect(!reading.summary.isComplete)
    let problem = try #require(reading.summary.problems.first)
    #expect(problem.location.line == 103)
    #expect(problem.message.hasPrefix("malformed XML"))
  }

  @Test func reportsATruncatedSmallFile() throws {
    let reading = Self.fixture("truncated.xml")
    #expect(reading.executions.map(\.name) == ["first", "second"])
    #expect(reading.executions.last?.outcome == .failed)
    #expect(!reading.summary.isComplete)
    #expect(reading.summary.problems.first?.location.line != nil)
  }

  /// Test cases a file breaks inside: hazard name and bytes.
  static let badCharacters: [(String, [UInt8])] = [
    ("control character", Array("<testcase classname='c' name='bad'><failure message='\u{1B}[31m'/></testcase>".utf8)),
    ("NUL byte", Array("<testcase classname='c' name='bad'>".utf8) + [0] + Array("</testcase>".utf8)),
    ("invalid UTF-8", Array("<testcase classname='c' name='bad".utf8) + [0xC3, 0x28] + Array("'/>".utf8)),
  ]

  @Test(arguments: badCharacters)
  func reportsBadCharactersWithTheirPosition(_ hazard: String, _ badCase: [UInt8]) throws {
    let reading = try Self.read(bytes: Self.goodPrefix(100) + badCase + Array("\n</testsuite></testsuites>".utf8))
    Self.expectPrefixDelivered(reading, of: 100)
    #expect(!reading.summary.isComplete)
    let problem = try #require(reading.summary.problems.first)
    #expect(problem.location.line == 103, "\(hazard): \(problem)")
    #expect(problem.location.column != nil, "\(hazard): \(problem)")
  }

  /// libxml2 refuses a text node over 10 MB unless `XML_PARSE_HUGE` is on, which it never is here.
  @Test(arguments: [("<system-out>", "</system-out>"), ("<system-out><![CDATA[", "]]></system-out>")])
  func breaksAtATextNodeOverTenMegabytes(_ open: String, _ close: String) throws {
    let text = String(repeating: String(repeating: "x", count: 99) + "\n", count: 110_000)
    let xml =
      "<testsuite name='s'>\n<testcase classname='c' name='before'/>\n\(open)\(text)\(close)"
      + "<testcase classname='c' name='after'/></testsuite>"
    let reading = try Self.read(bytes: Array(xml.utf8))
    #expect(reading.executions.map(\.name) == ["before"])
    #expect(!reading.summary.isComplete)
    #expect(reading.summary.problems.first?.location.line != nil)
  }

  @Test func readsUTF16WithAByteOrderMark() throws {
    let xml =
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?><testsuite name=\"s\"><testcase classname=\"c\" name=\"café ✓\"/></testsuite>"
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in xml.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let reading = try Self.read(bytes: bytes)
    #expect(reading.summary.problems.isEmpty)
    #expect(reading.executions.map(\.name) == ["café ✓"])
  }

  @Test func wrongEncodingDeclarationIsReadOrReported() throws {
    let body = "<testsuite name='s'><testcase classname='c' name='café'/></testsuite>"
    let latin1 = try Self.read(bytes: Array("<?xml version='1.0' encoding='ISO-8859-1'?>\(body)".utf8))
    #expect(latin1.summary.problems.isEmpty)
    #expect(latin1.executions.count == 1)
    let utf16 = try Self.read(bytes: Array("<?xml version='1.0' encoding='UTF-16'?>\(body)".utf8))
    #expect(utf16.executions.count == 1 || !utf16.summary.problems.isEmpty)
  }

  @Test(arguments: ["billion-laughs-text.xml", "billion-laughs-attribute.xml"])
  func refusesBillionLaughs(_ name: String) throws {
    let reading = Self.fixture(name)
    #expect(!reading.summary.isComplete)
    let problem = try #require(reading.summary.problems.first)
    #expect(problem.message.contains("entity"), "\(problem)")
    #expect(reading.executions.map(\.name) == ["before"])
    #expect(
      reading.executions.allSatisfy {
        ($0.message?.utf8.count ?? 0) <= JUnitText.messageLimit + JUnitText.cutMarker.utf8.count
      })
  }

  @Test func neverExpandsEntitiesTheFileDeclares() {
    let reading = Self.fixture("declared-entities.xml")
    #expect(reading.executions.map(\.outcome) == [.failed, .failed])
    #expect(reading.execution("in_attribute")?.message == nil)
    #expect(reading.execution("in_text")?.message == "denied")
    #expect(
      reading.summary.problems.map(\.message) == [
        "a message refers to an entity the file declares itself; it was not expanded"
      ])
  }

  @Test func reportsSuiteLevelResultsWithoutAMessageAsStops() throws {
    let xml =
      "<testsuites><testsuite name='a'><error/></testsuite>"
      + "<testsuite name='b'><failure>  </failure></testsuite></testsuites>"
    let reading = try Self.read(bytes: Array(xml.utf8))
    #expect(reading.summary.incompleteRuns.map(\.suite) == ["a", "b"])
    #expect(
      reading.summary.incompleteRuns.map(\.cause) == ["<error> with no message", "<failure> with no message"])
  }

  /// Whatever the reader makes of a file, an observer sees all of its bytes in order.
  @Test(arguments: [
    "<testsuite name='s'><testcase classname='c' name='t'/></testsuite>",
    "<testsuite name='s'><testcase classname='c' name='t'/><broken",
    "<manifest package='x'><application/></manifest>",
  ])
  func observerSeesEveryByte(_ xml: String) throws {
    let padded = xml + String(repeating: " ", count: 3 * XMLPushParser.chunkSize)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("report.xml")
    try Data(padded.utf8).write(to: url)
    var seen: [UInt8] = []
    let record = FileRecord(root: "r", path: "report.xml", kind: .junit, bytes: 0, sha256: nil)
    _ = JUnitReader.read(DiscoveredFile(record: record, url: url), observingBytes: { seen += $0 }) { _ in }
    #expect(seen == Array(padded.utf8))
  }

  // MARK: Folding

  @Test func foldsRetriesIntoOneExecution() {
    let location = EvidenceLocation(root: "r", path: "p")
    func run(_ name: String, _ outcome: TestOutcome, _ repetition: String? = nil, device: String? = nil)
      -> TestExecution
    {
      TestExecution(
        location: location, classname: "C", name: name, device: device, outcome: outcome, time: 1,
        message: outcome.isFailure ? "\(name) failed" : nil, repetition: repetition)
    }
    let folded = RetryFolding.fold([
      run("flaky", .failed, "Retry 1"), run("flaky", .passed, "Retry 2"),
      run("broken", .failed, "First Run"), run("broken", .error, "Retry 1"),
      run("fine", .passed), run("fine", .passed, device: "iPad"),
      run("repeated", .passed, "Repetition 1 of 2"), run("repeated", .failed, "Repetition 2 of 2"),
      run("skip", .skipped), run("skip", .failed),
    ])
    #expect(
      folded.map { "\($0.name) \($0.outcome) \($0.device ?? "-") \($0.repetition ?? "-")" } == [
        "flaky flaky - -", "broken error - -", "fine passed - -", "fine passed iPad -",
        "repeated passed - Repetition 1 of 2", "repeated failed - Repetition 2 of 2", "skip failed - -",
      ])
    #expect(folded[0].message == "flaky failed" && folded[0].time == 2)
    #expect(folded[1].message == "broken failed")
  }
}
