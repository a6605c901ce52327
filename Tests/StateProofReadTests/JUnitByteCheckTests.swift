import Foundation
import StateProofModel
import StateProofEvidence
import Testing

@testable import StateProofRead

/// The reader's byte-level `mayKeep` check: cases it rules out are counted but never delivered,
/// and held cases keep their place, so everything else reads as without the check.
@Suite struct JUnitByteCheckTests {
  /// Keeps cases whose classname or name contains "Camera".
  static func camera(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let needle = Array("Camera".utf8)
    guard text.count >= needle.count else { return false }
    return (0...(text.count - needle.count)).contains { start in
      needle.indices.allSatisfy { text[start + $0] == needle[$0] }
    }
  }

  static func read(
    _ url: URL, path: String, mayKeep: ((UnsafeBufferPointer<UInt8>) -> Bool)?
  ) -> (summary: JUnitFileSummary, executions: [TestExecution]) {
    let record = FileRecord(root: "evidence", path: path, kind: .junit, bytes: 0, sha256: nil)
    var executions: [TestExecution] = []
    let summary = JUnitReader.read(DiscoveredFile(record: record, url: url), mayKeep: mayKeep) {
      executions.append($0)
    }
    return (summary, executions)
  }

  static func write(_ xml: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bytecheck-\(UUID().uuidString).xml")
    try Data(xml.utf8).write(to: url)
    return url
  }

  @Test func deliversOnlyCasesTheCheckKeepsButCountsAll() throws {
    let url = try Self.write(
      """
      <testsuite name="s">
        <testcase name="grantedOpensViewfinder" classname="com.example.CameraStateTest"/>
        <testcase name="rendersList" classname="com.example.ListTest"><failure message="boom"/></testcase>
        <testcase name="blockedCameraShowsSettings" classname="com.example.SettingsTest">
          <failure message="expected the link">trace</failure>
        </testcase>
        <testcase name="skipsIt" classname="com.example.ListTest"><skipped/></testcase>
      </testsuite>
      """)
    defer { try? FileManager.default.removeItem(at: url) }
    let checked = Self.read(url, path: "TEST-x.xml", mayKeep: Self.camera)
    let everything = Self.read(url, path: "TEST-x.xml", mayKeep: nil)
    #expect(checked.executions.map(\.name) == ["grantedOpensViewfinder", "blockedCameraShowsSettings"])
    #expect(
      checked.executions
        == everything.executions.filter { $0.name.contains("Camera") || $0.classname.contains("Camera") })
    #expect(checked.executions.last?.message == "expected the link\ntrace")
    #expect(checked.summary.testCount == 4)
    #expect(checked.summary.outcomes[.failed] == 2 && checked.summary.outcomes[.skipped] == 1)
    #expect(checked.summary.dialect == everything.summary.dialect)
  }

  @Test func heldCasesKeepTheirPlace() throws {
    // A trainer target suite names its device after its child suites: ruled-out cases are held
    // like the others, so the limit and the late-device problem count them the same.
    let count = JUnitStream.maxWaitingCases + 5
    var xml = "<testsuites><testsuite name='Target'><testsuite name='Class'>"
    for index in 0..<count { xml += "<testcase classname='C' name='t\(index)'/>" }
    xml += "<testcase classname='CameraTests' name='kept'/>"
    xml += "</testsuite><properties><property name='device' value='iPhone'/></properties></testsuite></testsuites>"
    let url = try Self.write(xml)
    defer { try? FileManager.default.removeItem(at: url) }
    let checked = Self.read(url, path: "report.xml", mayKeep: Self.camera)
    let everything = Self.read(url, path: "report.xml", mayKeep: nil)
    #expect(checked.executions.map(\.name) == ["kept"])
    #expect(checked.executions.first == everything.executions.last)
    #expect(checked.summary.problems == everything.summary.problems)
    #expect(checked.summary.problems.count == 1)
    #expect(checked.summary.testCount == count + 1)
  }

  @Test func aDeviceNamedInTimeStillReachesKeptCases() throws {
    let xml =
      "<testsuites><testsuite name='Target'><testsuite name='Class'>"
      + "<testcase classname='C' name='other'/><testcase classname='CameraTests' name='kept'/>"
      + "</testsuite><properties><property name='device' value='iPad'/></properties></testsuite></testsuites>"
    let url = try Self.write(xml)
    defer { try? FileManager.default.removeItem(at: url) }
    let checked = Self.read(url, path: "report.xml", mayKeep: Self.camera)
    #expect(checked.executions.map(\.device) == ["iPad"])
    #expect(checked.summary.problems.isEmpty)
  }
}
