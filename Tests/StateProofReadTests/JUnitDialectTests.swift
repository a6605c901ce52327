import Foundation
import StateProofModel
import StateProofEvidence
import Testing

@testable import StateProofRead

/// Each producer named for what it is, from fixtures written in the shapes their writers emit
/// (Maestro's `JUnitTestSuiteReporter`, Flank's `JUnitTestSuite`/`JUnitTestCase`, Test Lab's
/// downloaded `test_result_N.xml`, xcpretty's `junit.rb`, fastlane's `report_template.xml.erb`,
/// jest-junit's defaults).
@Suite struct JUnitDialectTests {
  static func fixture(_ name: String, at path: String? = nil) -> JUnitReaderTests.Reading {
    JUnitReaderTests.read(
      JUnitReaderTests.fixtures.appendingPathComponent("producers/\(name)"), path: path ?? "producers/\(name)")
  }

  @Test(arguments: [
    ("maestro-report.xml", "report.xml", JUnitDialect.maestro),
    ("test_result_1.xml", "shard_0/NexusLowRes-28-en-portrait/test_result_1.xml", .firebaseTestLab),
    ("test_result_0.xml", "shard_0/iphonexs-12.1-en-portrait-rerun_1/test_result_0.xml", .firebaseTestLab),
    ("JUnitReport.xml", "results/JUnitReport.xml", .flank),
    ("flank-ios-old.xml", "results/JUnitReport.xml", .flank),
    ("xcpretty-named.xml", "build/reports/junit.xml", .xcpretty),
    ("detox-jest-junit.xml", "artifacts/junit.xml", .jestJUnit),
    (
      "com.example.camera.CameraPermissionTest#blockedShowsSettingsLink.xml",
      "marathon/tests/omni/emulator-5554/com.example.camera.CameraPermissionTest#blockedShowsSettingsLink.xml",
      .marathon
    ),
    ("spoon-0A1B2C3D4E5F.xml", "build/spoon-output/debugAndroidTest/junit-reports/0A1B2C3D4E5F.xml", .spoon),
  ])
  func namesTheProducer(file: String, path: String, dialect: JUnitDialect) {
    let reading = Self.fixture(file, at: path)
    #expect(reading.summary.isTestReport)
    #expect(reading.summary.dialect == dialect, "\(file)")
    #expect(reading.summary.problems.isEmpty)
    #expect(!reading.executions.isEmpty)
  }

  @Test func maestroIsReadAsFlowsNotBazel() throws {
    let reading = Self.fixture("maestro-report.xml")
    #expect(reading.executions.map(\.outcome) == [.passed, .failed])
    #expect(reading.execution("camera-blocked")?.message == "Element not found: Text matching regex: Open settings")
    // Bazel's lower-case `status="run"` stays Bazel's.
    let bazel = try JUnitReaderTests.read(
      bytes: Array(
        """
        <testsuites><testsuite name="//app:test" tests="1"><testcase name="t" status="run" time="1"/></testsuite></testsuites>
        """.utf8))
    #expect(bazel.summary.dialect == .bazel)
  }

  @Test func testLabNeedsItsFileNameAndHostname() throws {
    // The same nameless ddmlib-shaped suite under another name is Gradle's shape, not Test Lab's.
    let url = JUnitReaderTests.fixtures.appendingPathComponent("producers/test_result_1.xml")
    #expect(JUnitReaderTests.read(url, path: "build/test-results/TEST-x.xml").summary.dialect == .gradle)
    #expect(JUnitReaderTests.read(url, path: "a/test_result_12.xml").summary.dialect == .firebaseTestLab)
    #expect(JUnitReaderTests.read(url, path: "a/test_result_.xml").summary.dialect == .gradle)
    // A Test Lab file name alone, without Test Lab's `hostname`, says nothing.
    let bare = try JUnitReaderTests.read(
      bytes: Array(#"<testsuite name="x" tests="1"><testcase name="t" classname="c"/></testsuite>"#.utf8),
      name: "test_result_1.xml")
    #expect(bare.summary.dialect == .generic)
    // Test Lab's own suites carry Flank's `flakes` attribute too: the file is still Test Lab's.
    let withFlakes = try JUnitReaderTests.read(
      bytes: Array(
        #"<testsuite name="" tests="1" failures="0" flakes="0" errors="0" skipped="0" time="1.0" hostname="localhost"><testcase name="t" classname="c" time="1.0"/></testsuite>"#
          .utf8),
      name: "test_result_0.xml")
    #expect(withFlakes.summary.dialect == .firebaseTestLab)
  }

  /// Spoon's report per device is ddmlib's XML named for the device's serial: every case runs on
  /// that serial, and the file is Spoon's, not Gradle's. Its name alone, or the shape alone, is not.
  @Test func spoonNamesTheSerialOfItsFile() throws {
    let url = JUnitReaderTests.fixtures.appendingPathComponent("producers/spoon-0A1B2C3D4E5F.xml")
    let reading = JUnitReaderTests.read(url, path: "spoon-output/junit-reports/0A1B2C3D4E5F.xml", defaultDevice: "host")
    #expect(reading.summary.dialect == .spoon)
    #expect(reading.summary.devices == ["0A1B2C3D4E5F"])
    #expect(reading.summary.deviceIdentities.map(\.producer) == [.spoon])
    #expect(Set(reading.executions.map(\.device)) == ["0A1B2C3D4E5F"])
    #expect(reading.executions.map(\.outcome) == [.passed, .passed, .failed, .skipped])
    let failure = reading.execution("grantedOpensViewfinder")?.message ?? ""
    #expect(failure.hasPrefix("java.lang.AssertionError: viewfinder not shown"))
    // Another folder or name is Gradle's shape.
    #expect(JUnitReaderTests.read(url, path: "build/test-results/0A1B2C3D4E5F.xml").summary.dialect == .gradle)
    let dotted = JUnitReaderTests.read(url, path: "junit-reports/TEST-com.example.CameraTest.xml")
    #expect(dotted.summary.dialect == .gradle)
    #expect(dotted.summary.devices.isEmpty)
    // Without ddmlib's `hostname` the file name says nothing.
    let bare = FileManager.default.temporaryDirectory.appendingPathComponent("spoon-\(UUID().uuidString).xml")
    try Data(#"<testsuite name="x" tests="1"><testcase name="t" classname="c"/></testsuite>"#.utf8).write(to: bare)
    defer { try? FileManager.default.removeItem(at: bare) }
    let shapeless = JUnitReaderTests.read(bare, path: "junit-reports/emulator-5554.xml")
    #expect(shapeless.summary.dialect == .generic)
    #expect(shapeless.summary.devices.isEmpty && shapeless.executions.allSatisfy { $0.device == nil })
  }

  @Test func flankSuitesNamedForATestLabDevice() {
    for name in [
      "NexusLowRes-28-en-portrait", "iphonexs-12.1-en-portrait#EarlGreyExampleSwiftTests",
      "MediumPhone.arm-34-en_US-landscape", "Pixel2.arm-30-es-portrait-rerun_2",
    ] {
      #expect(TestLabDevice.spelled(name) != nil, "\(name)")
    }
    for name in [
      "Test Suite", "com.example.Test", "NexusLowRes-28-en", "x-y-en-portrait", "-28-en-portrait",
      "NexusLowRes-28--portrait",
    ] {
      #expect(TestLabDevice.spelled(name) == nil, "\(name)")
    }
  }

  @Test func fastlaneLaneReportIsNoTestReport() {
    // Its cases are the lane's steps; a failed `scan` step is scan's report's business.
    let reading = Self.fixture("fastlane-lanes-report.xml", at: "fastlane/test_output/report.xml")
    #expect(!reading.summary.isTestReport)
    #expect(reading.executions.isEmpty)
    #expect(reading.summary.notTestReport?.contains("fastlane's lane report") == true)
    // A suite of that name after real suites is not fastlane's lane report.
    let mixed = try? JUnitReaderTests.read(
      bytes: Array(
        """
        <testsuites><testsuite name="A"><testcase classname="A" name="t"/></testsuite>\
        <testsuite name="fastlane.lanes"><testcase classname="fastlane.lanes" name="0: x"/></testsuite></testsuites>
        """.utf8))
    #expect(mixed?.summary.isTestReport == true)
    #expect(mixed?.executions.count == 2)
  }

  @Test func otherRootsSayWhatTheyAre() throws {
    let lint = try JUnitReaderTests.read(
      bytes: Array(#"<?xml version="1.0"?><issues format="6" by="lint 8.7"></issues>"#.utf8))
    #expect(!lint.summary.isTestReport)
    #expect(lint.summary.notTestReport?.hasPrefix("an Android Lint report (root element <issues>)") == true)
    let odd = try JUnitReaderTests.read(bytes: Array("<results><test/></results>".utf8))
    #expect(odd.summary.notTestReport?.hasPrefix("XML whose root element is <results>") == true)
  }

  /// The reader lists a no-test-report file as ignored with the reason, `other` unless it is
  /// JUnit-shaped (fastlane's lanes).
  @Test func evidenceReaderListsTheReason() {
    let url = JUnitReaderTests.fixtures.appendingPathComponent("producers/fastlane-lanes-report.xml")
    let record = FileRecord(
      root: "evidence", path: "fastlane/test_output/report.xml", kind: .junit, bytes: 0, sha256: nil)
    let set = EvidenceReader.read(DiscoveredFile(record: record, url: url))
    #expect(set.tests.isEmpty)
    #expect(set.files.first?.status == .ignored)
    #expect(set.files.first?.kind == .junit)
    #expect(set.files.first?.format == "fastlane-lanes")
    #expect(set.files.first?.error?.description == NotEvidenceReason.fastlaneLanes)
  }
}
