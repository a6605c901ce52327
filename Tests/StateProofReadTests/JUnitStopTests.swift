import Foundation
import StateProofModel
import StateProofEvidence
import Testing

@testable import StateProofRead

/// Runs that stopped before they finished, in the shapes producers write them, and failure
/// messages kept whole.
@Suite struct JUnitStopTests {
  /// Reads `xml` as if discovery found it at `path`, keeping the cases `mayKeep` admits.
  static func read(
    _ xml: String, path: String = "report.xml", mayKeep: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil
  ) throws -> (summary: JUnitFileSummary, executions: [TestExecution]) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stops-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("report.xml")
    try Data(xml.utf8).write(to: url)
    let record = FileRecord(root: "evidence", path: path, kind: .junit, bytes: 0, sha256: nil)
    var executions: [TestExecution] = []
    let summary = JUnitReader.read(DiscoveredFile(record: record, url: url), mayKeep: mayKeep) {
      executions.append($0)
    }
    return (summary, executions)
  }

  static let agpPath = "app/build/outputs/androidTest-results/connected/debug/TEST-Pixel_7_API_34(AVD) - 14-_app-.xml"

  /// AGP (UTP) after the instrumentation process crashed: the cases that ran, then the crash in
  /// the suite's own system-err; the cases that never ran are simply absent.
  static let agpCrash = """
    <?xml version='1.0' encoding='UTF-8' ?>
    <testsuite name="com.example.scanner.CameraStateTest" tests="3" failures="0" errors="0" skipped="0" time="11.902" timestamp="2026-11-27T09:14:02" hostname="localhost">
      <properties>
        <property name="device" value="Pixel_7_API_34(AVD) - 14" />
        <property name="flavor" value="" />
        <property name="project" value=":app" />
      </properties>
      <testcase name="notAskedShowsExplainerBeforeSystemPrompt" classname="com.example.scanner.CameraStateTest" time="3.121" />
      <testcase name="grantedOpensViewfinder" classname="com.example.scanner.CameraStateTest" time="2.874" />
      <testcase name="firstScanShowsSystemDialog" classname="com.example.scanner.CameraPromptReceiptTest" time="5.907" />
      <system-err>Test run failed to complete. Instrumentation run failed due to 'Process crashed.'</system-err>
    </testsuite>

    """

  /// AGP's nameless suite for a run that never started: the install failed.
  static let agpInstallFailure = """
    <?xml version='1.0' encoding='UTF-8' ?>
    <testsuite tests="0" failures="0" errors="0" skipped="0" time="0.0" timestamp="2026-11-27T09:13:40" hostname="localhost">
      <properties>
        <property name="device" value="Pixel_7_API_34(AVD) - 14" />
        <property name="flavor" value="" />
        <property name="project" value=":app" />
      </properties>
      <system-err>com.android.builder.testing.api.DeviceException: com.android.ddmlib.InstallException: Failed to install split APK(s): [/home/runner/work/scanner/app/build/outputs/apk/debug/app-debug.apk, /home/runner/work/scanner/app/build/outputs/apk/androidTest/debug/app-debug-androidTest.apk]
    INSTALL_FAILED_UPDATE_INCOMPATIBLE: Existing package com.example.scanner signatures do not match newer version; ignoring!
    \tat com.android.builder.testing.ConnectedDevice.installPackages(ConnectedDevice.java:150)
    </system-err>
    </testsuite>

    """

  @Test func anAndroidCrashKeepsTheCasesThatRanAndRecordsTheStop() throws {
    let reading = try Self.read(Self.agpCrash, path: Self.agpPath)
    #expect(reading.summary.problems.isEmpty && reading.summary.isComplete)
    #expect(reading.executions.map(\.outcome) == [.passed, .passed, .passed])
    #expect(
      reading.summary.incompleteRuns == [
        IncompleteRun(
          location: EvidenceLocation(root: "evidence", path: Self.agpPath, line: 11),
          device: "Pixel_7_API_34(AVD) - 14", suite: "com.example.scanner.CameraStateTest",
          cause: "Test run failed to complete. Instrumentation run failed due to 'Process crashed.'")
      ])
  }

  @Test func aFailedInstallInANamelessEmptySuiteIsAStop() throws {
    let reading = try Self.read(Self.agpInstallFailure, path: Self.agpPath)
    #expect(reading.executions.isEmpty && reading.summary.problems.isEmpty)
    let stop = try #require(reading.summary.incompleteRuns.first)
    #expect(reading.summary.incompleteRuns.count == 1)
    #expect(stop.device == "Pixel_7_API_34(AVD) - 14" && stop.suite == nil && stop.line == 8)
    #expect(
      stop.cause.hasPrefix(
        "com.android.builder.testing.api.DeviceException: com.android.ddmlib.InstallException: Failed to install split APK(s)"
      ))
    #expect(stop.cause.contains("\nINSTALL_FAILED_UPDATE_INCOMPATIBLE: Existing package com.example.scanner"))
    #expect(stop.cause.hasSuffix("(ConnectedDevice.java:150)"))
  }

  @Test func aNamelessEmptySuiteWithAnySystemErrIsAStopAndWithoutOneIsNot() throws {
    let withError = try Self.read(
      "<testsuite tests=\"0\"><properties/>\n<system-err>PLATFORM ERROR</system-err>\n</testsuite>")
    #expect(withError.summary.incompleteRuns.map(\.cause) == ["PLATFORM ERROR"])
    let quiet = try Self.read("<testsuite tests=\"0\"><system-err><![CDATA[]]></system-err></testsuite>")
    #expect(quiet.summary.incompleteRuns.isEmpty)
  }

  /// Gradle's JVM tests print their logs to system-err: that is output, not a crash.
  @Test func ordinaryLogsInAGradleSystemErrAreNoStop() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuite name="com.example.scanner.CameraScreenTest" tests="2" skipped="0" failures="0" errors="0" timestamp="2026-11-27T09:02:41" hostname="ci-runner-7" time="0.041">
        <properties/>
        <testcase name="policyFixedShowsOpenSettingsWithoutSettingsPromise" classname="com.example.scanner.CameraScreenTest" time="0.009"/>
        <testcase name="grantedShowsViewfinder" classname="com.example.scanner.CameraScreenTest" time="0.010"/>
        <system-out><![CDATA[Robolectric: sdk 34, looper mode PAUSED
      ]]></system-out>
        <system-err><![CDATA[SLF4J: No SLF4J providers were found.
      SLF4J: Defaulting to no-operation (NOP) logger implementation
      [Robolectric] WARN: Android SDK 34 requires Java 17 (have Java 11). Tests won't be run on SDK 34 unless explicitly requested.
      09:02:41.118 [Test worker] ERROR c.e.s.CameraRepository - camera unavailable, showing the policy screen
      java.lang.IllegalStateException: camera disabled by policy
      \tat com.example.scanner.CameraRepository.open(CameraRepository.kt:58)
      ]]></system-err>
      </testsuite>

      """
    let reading = try Self.read(
      xml, path: "app/build/test-results/testReleaseUnitTest/TEST-com.example.scanner.CameraScreenTest.xml")
    #expect(reading.executions.count == 2)
    #expect(reading.summary.incompleteRuns.isEmpty)
    #expect(reading.summary.devices.isEmpty)
  }

  /// xcbeautify writes xcodebuild's restart as a failure of the test that crashed.
  @Test func aConverterRestartMessageIsAStopAndTheTestStillFails() throws {
    let xml = """
      <testsuites name="All tests" tests="3" failures="1">
          <testsuite name="CameraStateScreenTests" tests="3" failures="1">
              <testcase classname="CameraStateScreenTests" name="testNotDeterminedExplainsBeforeAsking" time="8.214" />
              <testcase classname="CameraStateScreenTests" name="testAuthorizedShowsCapture">
                  <failure message="Restarting after unexpected exit, crash, or test timeout in CameraStateScreenTests.testAuthorizedShowsCapture(); summary will include totals from previous launches." />
              </testcase>
              <testcase classname="CameraStateScreenTests" name="testDeniedOffersSettingsAfterTap" time="8.511" />
          </testsuite>
      </testsuites>
      """
    let reading = try Self.read(xml, path: "ios/junit/ScannerUITests.xml")
    #expect(reading.summary.dialect == .xcbeautify)
    #expect(reading.executions.map(\.outcome) == [.passed, .failed, .passed])
    let cause =
      "Restarting after unexpected exit, crash, or test timeout in CameraStateScreenTests.testAuthorizedShowsCapture(); summary will include totals from previous launches."
    #expect(reading.executions[1].message == cause)
    #expect(
      reading.summary.incompleteRuns == [
        IncompleteRun(
          location: EvidenceLocation(root: "evidence", path: "ios/junit/ScannerUITests.xml", line: 4), device: nil,
          suite: "CameraStateScreenTests", cause: cause)
      ])
  }

  /// xcresultparser puts issues no test owns into a synthetic suite; they are no tests.
  @Test func xcresultparserSessionLevelIssuesAreStops() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites tests="3" failures="1" errors="0" time="31.402">
          <testsuite name="ScannerUITests.xctest" tests="2" failures="0" errors="0" time="16.117">
              <testcase name="testNotDeterminedExplainsBeforeAsking()" time="8.214" classname="CameraStateScreenTests"/>
              <testcase name="testAuthorizedShowsCapture()" time="7.903" classname="CameraStateScreenTests"/>
          </testsuite>
          <testsuite name="Session-level issues" tests="1" failures="1" errors="0" time="0">
              <testcase name="Issues recorded without an associated test or suite" classname="ScannerUITests" time="0">
                  <failure message="Session-level failure in ScannerUITests: Issues recorded without an associated test or suite" type="Session-level failure">ScannerUITests-Runner (4120) encountered an error (Early unexpected exit, operation never finished bootstrapping - no restart will be attempted.)</failure>
              </testcase>
          </testsuite>
      </testsuites>
      """
    let reading = try Self.read(xml, path: "ios/junit/ScannerUITests.junit.xml")
    #expect(reading.summary.dialect == .xcresultparser)
    #expect(
      reading.executions.map(\.name) == ["testNotDeterminedExplainsBeforeAsking()", "testAuthorizedShowsCapture()"])
    #expect(reading.summary.testCount == 2, "a session issue is a stop, not an execution")
    let stop = try #require(reading.summary.incompleteRuns.first)
    #expect(reading.summary.incompleteRuns.count == 1)
    #expect(stop.suite == "Session-level issues" && stop.line == 8)
    #expect(
      stop.cause == """
        Session-level failure in ScannerUITests: Issues recorded without an associated test or suite
        ScannerUITests-Runner (4120) encountered an error (Early unexpected exit, operation never finished bootstrapping - no restart will be attempted.)
        """)
  }

  @Test func aResultOutsideAnyCaseIsAStopWithItsWholeMessage() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuite name="com.example.scanner.CameraStateTest" tests="0" failures="0" errors="1" time="0.3">
        <error message="java.lang.ExceptionInInitializerError" type="java.lang.ExceptionInInitializerError">java.lang.ExceptionInInitializerError
      \tat com.example.scanner.CameraStateTest.&lt;clinit&gt;(CameraStateTest.kt:20)
      Caused by: java.lang.IllegalStateException: no camera service
      </error>
      </testsuite>
      """
    let reading = try Self.read(xml, path: "TEST-Pixel 8 - 14-_app-.xml")
    #expect(
      reading.summary.incompleteRuns == [
        IncompleteRun(
          location: EvidenceLocation(root: "evidence", path: "TEST-Pixel 8 - 14-_app-.xml", line: 3),
          device: "Pixel 8 - 14", suite: "com.example.scanner.CameraStateTest",
          cause: """
            java.lang.ExceptionInInitializerError
            \tat com.example.scanner.CameraStateTest.<clinit>(CameraStateTest.kt:20)
            Caused by: java.lang.IllegalStateException: no camera service
            """)
      ])
  }

  /// A marker deep inside a long system-err, past every chunk boundary, in the middle of a line.
  @Test func findsAMarkerAnywhereInALongSystemErrWithItsLine() throws {
    let log = (0..<40_000).map { "12-01 10:00:\($0 % 60) I/ScannerApp: frame \($0) analysed\n" }.joined()
    let xml =
      "<testsuite name='s'><testcase classname='c' name='t'/><system-err>" + log
      + "12-01 10:01:00 E/TestRunner: Instrumentation run failed due to 'Process crashed.'\n"
      + "12-01 10:01:00 E/TestRunner: java.lang.SecurityException: camera revoked\n" + log
      + "</system-err></testsuite>"
    #expect(xml.utf8.count > 2 * XMLPushParser.chunkSize)
    let reading = try Self.read(xml)
    let stop = try #require(reading.summary.incompleteRuns.first)
    #expect(
      stop.cause.hasPrefix(
        "12-01 10:01:00 E/TestRunner: Instrumentation run failed due to 'Process crashed.'\n"
          + "12-01 10:01:00 E/TestRunner: java.lang.SecurityException: camera revoked\n12-01 10:00:0 I/ScannerApp"))
    #expect(stop.cause.hasSuffix(JUnitText.cutMarker))
    #expect(stop.cause.utf8.count <= JUnitText.messageLimit + JUnitText.cutMarker.utf8.count)
  }

  /// libxml2 hands text over in pieces: a marker split between two of them, anywhere, is found,
  /// and quoted from the start of its line.
  @Test func findsAMarkerSplitAcrossPieces() {
    let text = Array("first line\nE/Runner: Test run failed to complete. Expected 3 tests\nnext".utf8)
    let marker = Array("Test run failed to complete".utf8)
    let start = 21
    #expect(Array(text[start..<(start + marker.count)]) == marker)
    for split in (start - 3)...(start + marker.count + 3) {
      var streamed = StreamedText(keepsStart: false, watchesMarkers: true)
      text.withUnsafeBufferPointer { bytes in
        streamed.append(UnsafeBufferPointer(rebasing: bytes[..<split]))
        streamed.append(UnsafeBufferPointer(rebasing: bytes[split...]))
      }
      #expect(
        streamed.fromMarkerText == "E/Runner: Test run failed to complete. Expected 3 tests\nnext", "split at \(split)")
    }
    var unmarked = StreamedText(keepsStart: true, watchesMarkers: true)
    text.withUnsafeBufferPointer { unmarked.append(UnsafeBufferPointer(rebasing: $0[..<30])) }
    #expect(unmarked.fromMarkerText == nil)
    #expect(unmarked.text == "first line\nE/Runner: Test run")
  }

  /// The relevance check drops a crashed test's case, but not the stop it records.
  @Test func aStopInACaseTheCheckDropsStillCounts() throws {
    let xml = """
      <testsuite name="com.example.scanner.HistoryTest" tests="1" failures="1">
        <properties><property name="device" value="Pixel 8 - 14" /></properties>
        <testcase name="scanHistoryListsRecentLabels" classname="com.example.scanner.HistoryTest" time="1.5">
          <failure>Test failed to run to completion. Reason: 'Instrumentation run failed due to 'Process crashed.''. Check device logcat for details
      </failure>
        </testcase>
      </testsuite>
      """
    let reading = try Self.read(xml, mayKeep: { _ in false })
    #expect(reading.executions.isEmpty)
    #expect(
      reading.summary.incompleteRuns.map(\.cause) == [
        "Test failed to run to completion. Reason: 'Instrumentation run failed due to 'Process crashed.''. Check device logcat for details"
      ])
    #expect(reading.summary.incompleteRuns.first?.device == "Pixel 8 - 14")
  }

  /// fastlane trainer names the device after the child suites: a stop inside waits for it, as a
  /// case does; and the file's devices include those of cases the check drops.
  @Test func aStopWaitsForADeviceNamedLaterAndDevicesIncludeDroppedCases() throws {
    let xml = """
      <?xml version='1.0' encoding='UTF-8'?>
      <testsuites tests='2' failures='1'>
        <testsuite name='ScannerUITests' tests='2' failures='1'>
          <testsuite name='CameraStateScreenTests' tests='2' failures='1'>
            <testcase name='testAuthorizedShowsCapture()' classname='CameraStateScreenTests' time='12.2'>
              <failure message='CameraStateScreenTests.swift:0: Test crashed with signal segv.'/>
            </testcase>
            <testcase name='testManualEntry()' classname='ManualEntryTests' time='1.0'>
              <properties><property name='device' value='iPad Air (17.5)'/></properties>
            </testcase>
          </testsuite>
          <properties>
            <property name='Configuration' value='Release Candidate'/>
            <property name='device' value='iPhone 16 (18.6)'/>
          </properties>
        </testsuite>
      </testsuites>
      """
    let reading = try Self.read(xml, mayKeep: { _ in false })
    #expect(reading.executions.isEmpty)
    #expect(reading.summary.incompleteRuns.map(\.device) == ["iPhone 16 (18.6)"])
    #expect(
      reading.summary.incompleteRuns.map(\.cause) == ["CameraStateScreenTests.swift:0: Test crashed with signal segv."])
    #expect(reading.summary.devices == ["iPad Air (17.5)", "iPhone 16 (18.6)"])
  }

  @Test func devicesIncludeThePathDevice() throws {
    let reading = try Self.read(
      Self.agpCrash.replacingOccurrences(of: "Pixel_7_API_34(AVD) - 14", with: "emulator-5554"), path: Self.agpPath)
    #expect(reading.summary.devices == ["Pixel_7_API_34(AVD) - 14", "emulator-5554"])
  }

  @Test func keepsAtMostAHundredStopsFromOneFile() throws {
    let crashed =
      "<testcase classname='C' name='t'><failure message='Test crashed with signal kill.'/></testcase>"
    let xml = "<testsuite name='s'>" + String(repeating: crashed, count: JUnitStream.maxStops + 50) + "</testsuite>"
    let reading = try Self.read(xml)
    #expect(reading.summary.incompleteRuns.count == JUnitStream.maxStops)
    #expect(reading.executions.count == JUnitStream.maxStops + 50)
  }

  // MARK: Whole messages

  @Test func keepsAMultiLineMessageWhole() throws {
    let xml = """
      <testsuite name="com.example.scanner.CameraStateTest" tests="2" failures="2">
        <testcase name="grantedOpensViewfinder" classname="com.example.scanner.CameraStateTest" time="0.2">
          <failure message="org.mockito.exceptions.base.MockitoException: &#10;Mockito cannot mock this class: class com.example.scanner.CameraGate.&#10;Mockito can only mock non-private &amp; non-final classes." type="org.mockito.exceptions.base.MockitoException">org.mockito.exceptions.base.MockitoException:
      Mockito cannot mock this class: class com.example.scanner.CameraGate.
      \tat com.example.scanner.CameraStateTest.grantedOpensViewfinder(CameraStateTest.kt:31)
      </failure>
        </testcase>
        <testcase name="blockedCameraShowsSettingsLinkOnlyAfterTap" classname="com.example.scanner.CameraStateTest" time="0.2">
          <failure>org.mockito.exceptions.base.MockitoException:
      Mockito cannot mock this class: class com.example.scanner.CameraGate.
      \tat com.example.scanner.CameraStateTest.blocked(CameraStateTest.kt:44)</failure>
        </testcase>
      </testsuite>
      """
    let reading = try Self.read(xml)
    // A message attribute of many lines is the whole message; the stack trace adds nothing.
    #expect(
      reading.executions.first?.message
        == "org.mockito.exceptions.base.MockitoException: \nMockito cannot mock this class: class com.example.scanner.CameraGate.\nMockito can only mock non-private & non-final classes."
    )
    // AGP writes no message attribute: the text is the message.
    #expect(
      reading.executions.last?.message
        == "org.mockito.exceptions.base.MockitoException:\nMockito cannot mock this class: class com.example.scanner.CameraGate.\n\tat com.example.scanner.CameraStateTest.blocked(CameraStateTest.kt:44)"
    )
  }

  @Test func cutsAHugeMessageWithAMarker() throws {
    let trace = (0..<5_000).map { "\tat com.example.Frame\($0).run(Frame.kt:\($0))" }.joined(separator: "\n")
    let xml =
      "<testsuite name='s'><testcase classname='c' name='t'><failure message='é'>java.lang.StackOverflowError\n"
      + trace + "</failure></testcase></testsuite>"
    let message = try #require(try Self.read(xml).executions.first?.message)
    #expect(message.hasPrefix("é\njava.lang.StackOverflowError\n\tat com.example.Frame0.run(Frame.kt:0)"))
    #expect(message.hasSuffix(JUnitText.cutMarker))
    #expect(message.utf8.count <= JUnitText.messageLimit + JUnitText.cutMarker.utf8.count)
  }
}
