import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofModel

/// Evidence in the shapes device farms and flow runners write (Maestro, Firebase Test Lab folders
/// and `-rerun_N` attempts, Flank's merged report, Gradle Managed Devices, Marathon, saucectl):
/// the device each names, the rows it proves on which release device, and how attempts fold.
@Suite(.temporaryFolders) struct DeviceFarmTests {
  /// Runs `report` on `files` (path → contents) with a camera matrix needing only tests; returns
  /// the exit status and report.json. The folder is removed after.
  private func report(
    _ files: [String: String], releaseDevices: [String], perDevice: Bool = true
  ) throws -> (status: Int32, json: [String: Any]) {
    let root = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let evidence = root.appendingPathComponent("evidence")
    for (path, text) in files {
      let url = evidence.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let devices = releaseDevices.map { "\"\($0)\"" }.joined(separator: ", ")
    let config = """
      {
        "app": "Scanner", "release": "1.0", "perDevice": \(perDevice),
        "platforms": { "android": { "appId": "com.example.scanner", "receipt": "*#firstScanShowsSystemDialog", "releaseDevices": [\(devices)] } },
        "permissions": [ { "id": "camera", "include": ["android/granted", "android/blocked"], "reason": "farm test",
          "rows": {
            "granted": { "requires": ["test"], "tests": ["*#grantedOpensViewfinder"], "reason": "by name" },
            "blocked": { "requires": ["test"], "tests": ["*#blockedCameraShowsSettingsLinkOnlyAfterTap"], "reason": "by name" } } } ]
      }
      """
    let configURL = root.appendingPathComponent("stateproof.json")
    try Data(config.utf8).write(to: configURL)
    let out = root.appendingPathComponent("out")
    let result = TestSupport.run(["report", "--config", configURL.path, "--out", out.path, evidence.path])
    try #require(result.status != 2, "\(result.errors)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    return (result.status, json)
  }

  private func codes(_ json: [String: Any]) -> [String] {
    ((json["findings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }.sorted()
  }

  private func row(_ json: [String: Any], _ state: String) -> [String: Any]? {
    let android = (json["platforms"] as? [[String: Any]])?.first
    return (android?["rows"] as? [[String: Any]])?.first { $0["state"] as? String == state }
  }

  private func cells(_ json: [String: Any], _ state: String) -> [String] {
    ((row(json, state)?["devices"] as? [[String: Any]]) ?? []).map {
      "\($0["device"] as? String ?? ""): \($0["status"] as? String ?? "")"
    }
  }

  private func deviceNames(_ json: [String: Any]) -> [String] {
    ((json["devices"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
  }

  private func testcase(
    _ name: String, classname: String = "com.example.scanner.CameraStateTest", failure: String? = nil
  ) -> String {
    guard let failure else { return "<testcase name=\"\(name)\" classname=\"\(classname)\" time=\"1.0\"/>" }
    return "<testcase name=\"\(name)\" classname=\"\(classname)\" time=\"1.0\"><failure>\(failure)</failure></testcase>"
  }

  /// An instrumentation result as Test Lab writes it into a device folder.
  private func testLab(_ cases: [String], timestamp: String = "2026-11-30T01:14:21") -> String {
    """
    <?xml version='1.0' encoding='UTF-8' ?>
    <testsuite name="" tests="\(cases.count)" failures="0" flakes="0" errors="0" skipped="0" time="3.0" timestamp="\(timestamp)" hostname="localhost">
      <properties />
      \(cases.joined(separator: "\n  "))
    </testsuite>
    """
  }

  private let receipt =
    "<testcase name=\"firstScanShowsSystemDialog\" classname=\"com.example.scanner.ReceiptTest\" time=\"4.0\"/>"

  // MARK: Maestro

  private var maestro: String {
    """
    <?xml version='1.0' encoding='UTF-8'?>
    <testsuites>
      <testsuite name="Test Suite" device="R3GL206WKVZ" tests="3" failures="0" time="60.0">
        <testcase id="grantedOpensViewfinder" name="grantedOpensViewfinder" classname="grantedOpensViewfinder" time="20.1" status="SUCCESS"/>
        <testcase id="blockedCameraShowsSettingsLinkOnlyAfterTap" name="blockedCameraShowsSettingsLinkOnlyAfterTap" classname="blockedCameraShowsSettingsLinkOnlyAfterTap" time="19.9" status="SUCCESS"/>
        <testcase id="firstScanShowsSystemDialog" name="firstScanShowsSystemDialog" classname="firstScanShowsSystemDialog" time="20.0" status="SUCCESS"/>
      </testsuite>
    </testsuites>
    """
  }

  @Test func maestroNamesItsDeviceOnTheSuite() throws {
    let onPhone = try report(["maestro/report.xml": maestro], releaseDevices: ["R3GL206WKVZ"])
    #expect(onPhone.status == 0)
    #expect(deviceNames(onPhone.json) == ["R3GL206WKVZ"])
    #expect(cells(onPhone.json, "granted") == ["R3GL206WKVZ: covered"])
    // A flow names no package and its serial no platform: the configured release device does.
    let devices = (onPhone.json["devices"] as? [[String: Any]]) ?? []
    #expect(devices.first?["platform"] as? String == "android")

    let onEmulator = try report(["maestro/report.xml": maestro], releaseDevices: ["Medium_Phone_API_36.0"])
    #expect(onEmulator.status == 1)
    #expect(cells(onEmulator.json, "granted") == ["Medium_Phone_API_36.0: incomplete"])
    #expect(codes(onEmulator.json).contains("receipt-off-release-device"))
    #expect(codes(onEmulator.json).contains("release-device-unseen"))
  }

  /// Android Studio names an AVD `<device>_API_<level>`, and Maestro an emulator by it: it is an
  /// emulator, never the physical release device of its device's name, and the finding says so.
  @Test func maestroOnAnAVDIsAnEmulator() throws {
    let onAVD = maestro.replacingOccurrences(of: "R3GL206WKVZ", with: "Pixel_7_API_34")
    let physical = try report(["maestro/report.xml": onAVD], releaseDevices: ["Pixel 7"])
    #expect(physical.status == 1)
    let device = (physical.json["devices"] as? [[String: Any]])?.first
    #expect(device?["name"] as? String == "Pixel_7_API_34")
    #expect(device?["emulator"] as? Bool == true)
    let findings = (physical.json["findings"] as? [[String: Any]]) ?? []
    let message = findings.first { $0["code"] as? String == "release-device-unseen" }?["message"] as? String ?? ""
    #expect(
      message.contains(
        "Not the same device: Pixel_7_API_34 is an emulator (an Android Virtual Device), not the physical Pixel 7."),
      "\(message)")
    let avd = try report(["maestro/report.xml": onAVD], releaseDevices: ["Pixel_7_API_34"])
    #expect(avd.status == 0)
    #expect(cells(avd.json, "granted") == ["Pixel_7_API_34: covered"])
  }

  @Test func inspectNamesTheDevice() throws {
    let root = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("shard_0/NexusLowRes-28-en-portrait")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(testLab([testcase("grantedOpensViewfinder")]).utf8).write(
      to: folder.appendingPathComponent("test_result_1.xml"))
    try Data(maestro.utf8).write(to: root.appendingPathComponent("report.xml"))
    let result = TestSupport.run(["inspect", root.path])
    #expect(result.output.contains("devices: NexusLowRes-28-en-portrait"))
    #expect(result.output.contains("devices: R3GL206WKVZ"))
  }

  // MARK: Firebase Test Lab folders

  @Test func aTestLabFolderNamesTheDeviceAndProvesOnlyIt() throws {
    let files = [
      "results/shard_0/NexusLowRes-28-en-portrait/test_result_1.xml": testLab([
        testcase("grantedOpensViewfinder"), receipt,
      ]),
      "results/shard_0/Pixel2.arm-30-en-portrait/test_result_1.xml": testLab([
        testcase("grantedOpensViewfinder"), testcase("blockedCameraShowsSettingsLinkOnlyAfterTap"),
      ]),
    ]
    let run = try report(files, releaseDevices: ["NexusLowRes", "Pixel2.arm - 11"])
    #expect(Set(deviceNames(run.json)) == ["NexusLowRes-28-en-portrait", "Pixel2.arm-30-en-portrait"] as Set)
    let nexus = ((run.json["devices"] as? [[String: Any]]) ?? []).first {
      $0["name"] as? String == "NexusLowRes-28-en-portrait"
    }
    #expect(nexus?["os"] as? String == "API 28")
    #expect(nexus?["platform"] as? String == "android")
    // `blocked` ran on the Pixel 2 only: not covered on NexusLowRes.
    #expect(cells(run.json, "blocked") == ["NexusLowRes: incomplete", "Pixel2.arm - 11: covered"])
    #expect(cells(run.json, "granted") == ["NexusLowRes: covered", "Pixel2.arm - 11: covered"])
    #expect(run.status == 1)
    #expect(codes(run.json) == ["missing-test"])

    let wrongAPI = try report(files, releaseDevices: ["NexusLowRes - 10"])
    #expect(cells(wrongAPI.json, "granted") == ["NexusLowRes - 10: incomplete"])
    let rightAPI = try report(files, releaseDevices: ["NexusLowRes - 9"])
    #expect(cells(rightAPI.json, "granted") == ["NexusLowRes - 9: covered"])
  }

  @Test func theSameTestOnTwoDevicesIsTwoExecutions() throws {
    let files = [
      "ftl/NexusLowRes-28-en-portrait/test_result_1.xml": testLab([
        testcase("grantedOpensViewfinder", failure: "java.lang.AssertionError: no viewfinder"), receipt,
      ]),
      "ftl/Pixel2.arm-30-en-portrait/test_result_1.xml": testLab([testcase("grantedOpensViewfinder"), receipt]),
    ]
    let run = try report(files, releaseDevices: ["NexusLowRes", "Pixel2.arm"])
    #expect(run.status == 1)
    // Failed on one, passed on the other: not folded into one flaky run.
    #expect(cells(run.json, "granted") == ["NexusLowRes: failing", "Pixel2.arm: covered"])
    #expect(codes(run.json).contains("test-failed"))
    #expect(!codes(run.json).contains("test-flaky"))
  }

  @Test func rerunFoldersFoldInTheirOrder() throws {
    let failure = "java.lang.AssertionError: no viewfinder"
    // Failed, then passed on rerun_1: flaky, and the row holds.
    let flaky = try report(
      [
        "ftl/NexusLowRes-28-en-portrait/test_result_1.xml": testLab([
          testcase("grantedOpensViewfinder", failure: failure), receipt,
        ]),
        "ftl/NexusLowRes-28-en-portrait-rerun_1/test_result_1.xml": testLab([testcase("grantedOpensViewfinder")]),
      ], releaseDevices: ["NexusLowRes"])
    #expect(cells(flaky.json, "granted") == ["NexusLowRes: covered"])
    #expect(codes(flaky.json).contains("test-flaky"))
    #expect(deviceNames(flaky.json) == ["NexusLowRes-28-en-portrait"])
    // Passed on rerun_1 and failed on rerun_2 (the walk meets them in that order, and the
    // timestamps say otherwise): the last attempt failed.
    let failing = try report(
      [
        "ftl/NexusLowRes-28-en-portrait/test_result_1.xml": testLab([
          testcase("grantedOpensViewfinder", failure: failure), receipt,
        ]),
        "ftl/NexusLowRes-28-en-portrait-rerun_2/test_result_1.xml": testLab(
          [testcase("grantedOpensViewfinder", failure: failure)], timestamp: "2026-11-30T01:00:00"),
        "ftl/NexusLowRes-28-en-portrait-rerun_1/test_result_1.xml": testLab(
          [testcase("grantedOpensViewfinder")], timestamp: "2026-11-30T02:00:00"),
      ], releaseDevices: ["NexusLowRes"])
    #expect(failing.status == 1)
    #expect(cells(failing.json, "granted") == ["NexusLowRes: failing"])
    #expect(!codes(failing.json).contains("test-flaky"))
  }

  // MARK: Flank's merged report

  /// Flank's `JUnitReport.xml`: one suite per device and run, in no particular order.
  private func flank(suites: [(name: String, timestamp: String, cases: [String])]) -> String {
    let body = suites.map { suite in
      """
        <testsuite name="\(suite.name)" tests="\(suite.cases.count)" failures="0" flakes="0" errors="0" skipped="0" time="5.0" timestamp="\(suite.timestamp)" hostname="localhost" testLabExecutionId="matrix-1_execution-1">
          \(suite.cases.joined(separator: "\n    "))
        </testsuite>
      """
    }
    return "<?xml version='1.0' encoding='UTF-8' ?>\n<testsuites>\n\(body.joined(separator: "\n"))\n</testsuites>\n"
  }

  @Test(arguments: [false, true])
  func flankSuitesFoldByTheirTimestampsWhateverTheOrder(reversed: Bool) throws {
    let failure = "java.lang.AssertionError: boom"
    // `granted` passed at 01:14:21 and failed at 01:14:41: failing. `blocked` failed at 01:14:32
    // and passed at 01:14:49, written the other way round: flaky.
    var suites: [(name: String, timestamp: String, cases: [String])] = [
      ("NexusLowRes-28-en-portrait", "2026-11-30T01:14:21", [testcase("grantedOpensViewfinder"), receipt]),
      ("NexusLowRes-28-en-portrait", "2026-11-30T01:14:49", [testcase("blockedCameraShowsSettingsLinkOnlyAfterTap")]),
      ("NexusLowRes-28-en-portrait", "2026-11-30T01:14:41", [testcase("grantedOpensViewfinder", failure: failure)]),
      (
        "NexusLowRes-28-en-portrait", "2026-11-30T01:14:32",
        [testcase("blockedCameraShowsSettingsLinkOnlyAfterTap", failure: failure)]
      ),
    ]
    if reversed { suites.reverse() }
    let run = try report(["flank/JUnitReport.xml": flank(suites: suites)], releaseDevices: ["NexusLowRes"])
    #expect(deviceNames(run.json) == ["NexusLowRes-28-en-portrait"])
    #expect(run.status == 1)
    #expect(cells(run.json, "granted") == ["NexusLowRes: failing"])
    #expect(cells(run.json, "blocked") == ["NexusLowRes: covered"])
    #expect(codes(run.json).filter { $0 == "test-flaky" }.count == 1)
  }

  @Test func flankSuiteNamedWithAClassNamesTheDevice() throws {
    // Flank marks a case that passed on a retry `flaky="true"`, with a `webLink` to the run.
    let flakyCase = """
      <testcase name="grantedOpensViewfinder" classname="com.example.scanner.CameraStateTest" time="3.1" flaky="true"><webLink>matrices/7494574344413871385/executions/bs.b2c5c2bc1ba68497</webLink></testcase>
      """
    let xml = flank(suites: [
      ("NexusLowRes-28-en-portrait#com.example.scanner.CameraStateTest", "2026-11-30T01:14:21", [flakyCase, receipt]),
      (
        "Pixel2.arm-30-en-portrait#com.example.scanner.CameraStateTest", "2026-11-30T01:14:22",
        [testcase("blockedCameraShowsSettingsLinkOnlyAfterTap")]
      ),
    ])
    let run = try report(["JUnitReport.xml": xml], releaseDevices: ["NexusLowRes"])
    #expect(Set(deviceNames(run.json)) == ["NexusLowRes-28-en-portrait", "Pixel2.arm-30-en-portrait"] as Set)
    #expect(cells(run.json, "granted") == ["NexusLowRes: covered"])
    #expect(cells(run.json, "blocked") == ["NexusLowRes: incomplete"])
    #expect(codes(run.json).contains("test-flaky"))
  }

  @Test func anIOSTestLabFolderIsAnIPhone() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites tests="2" failures="0">
        <testsuite name="ScannerUITests.CameraStateScreenTests" tests="2" failures="0">
          <testcase classname="ScannerUITests.CameraStateScreenTests" name="grantedOpensViewfinder" time="4.2"/>
          <testcase classname="ScannerUITests.CameraPromptReceiptTests" name="firstScanShowsSystemDialog" time="6.0"/>
        </testsuite>
      </testsuites>
      """
    let root = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("ios/iphonexs-12.1-en-portrait")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(xml.utf8).write(to: folder.appendingPathComponent("test_result_0.xml"))
    let config = """
      { "app": "Scanner", "release": "1.0", "perDevice": true,
        "platforms": { "ios": { "receipt": "*#firstScanShowsSystemDialog", "releaseDevices": ["iPhone XS (12.1)"] } },
        "permissions": [ { "id": "camera", "include": ["ios/authorized"], "reason": "farm test",
          "rows": { "authorized": { "requires": ["test"], "tests": ["*#grantedOpensViewfinder"], "reason": "by name" } } } ] }
      """
    let configURL = root.appendingPathComponent("stateproof.json")
    try Data(config.utf8).write(to: configURL)
    let out = root.appendingPathComponent("out")
    let result = TestSupport.run([
      "report", "--config", configURL.path, "--out", out.path, root.appendingPathComponent("ios").path,
    ])
    #expect(result.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let device = (json["devices"] as? [[String: Any]])?.first
    #expect(device?["name"] as? String == "iphonexs-12.1-en-portrait")
    #expect(device?["platform"] as? String == "ios")
    #expect(device?["releaseDevices"] as? [String] == ["iPhone XS (12.1)"])
  }

  // MARK: Evidence naming no device

  @Test func evidenceNamingNoDeviceProvesNoDevice() throws {
    let files = [
      "plain/results.xml": testLab([
        testcase("grantedOpensViewfinder"), testcase("blockedCameraShowsSettingsLinkOnlyAfterTap"), receipt,
      ])
    ]
    let perDevice = try report(files, releaseDevices: ["NexusLowRes"])
    #expect(perDevice.status == 1)
    #expect(cells(perDevice.json, "granted") == ["NexusLowRes: incomplete"])
    let unknown = ((perDevice.json["findings"] as? [[String: Any]]) ?? []).filter {
      $0["code"] as? String == "device-unknown"
    }
    // One for each row, one for the receipt; each names the file and says how devices are named.
    #expect(unknown.count == 3)
    #expect(unknown.allSatisfy { ($0["files"] as? [String]) == ["plain/results.xml"] })
    #expect(unknown.allSatisfy { ($0["message"] as? String)?.contains("a suite's device attribute (Maestro)") == true })
    // Beside evidence from the release device, it is only a warning.
    var both = files
    both["ftl/NexusLowRes-28-en-portrait/test_result_1.xml"] = testLab([
      testcase("grantedOpensViewfinder"), testcase("blockedCameraShowsSettingsLinkOnlyAfterTap"), receipt,
    ])
    let named = try report(both, releaseDevices: ["NexusLowRes"])
    #expect(named.status == 0)
    let warnings = ((named.json["findings"] as? [[String: Any]]) ?? []).filter {
      $0["code"] as? String == "device-unknown"
    }
    #expect(warnings.count == 2)
    #expect(warnings.allSatisfy { $0["severity"] as? String == "warning" })
    // Where nothing asks which device, it proves the row.
    let anyDevice = try report(files, releaseDevices: [], perDevice: false)
    #expect(anyDevice.status == 0)
    #expect(!codes(anyDevice.json).contains("device-unknown"))
  }

  // MARK: Devices in paths and properties

  @Test func saucectlSpellsTheDeviceWithItsPlatform() throws {
    let xml = """
      <testsuites tests="1" failures="0">
        <testsuite name="camera on Pixel" tests="1" time="40">
          <properties>
            <property name="url" value="https://app.saucelabs.com/tests/abc"></property>
            <property name="device" value="Google Pixel 8"></property>
            <property name="platform" value="Android 14"></property>
          </properties>
          <testcase name="grantedOpensViewfinder" classname="com.example.scanner.CameraStateTest" time="12"></testcase>
        </testsuite>
      </testsuites>
      """
    let run = try report(["saucectl/junit.xml": xml], releaseDevices: ["Google Pixel 8 - 14"])
    #expect(deviceNames(run.json) == ["Google Pixel 8 - 14"])
    #expect(cells(run.json, "granted") == ["Google Pixel 8 - 14: covered"])
    let otherOS = try report(["saucectl/junit.xml": xml], releaseDevices: ["Google Pixel 8 - 15"])
    #expect(cells(otherOS.json, "granted") == ["Google Pixel 8 - 15: incomplete"])
  }

  // MARK: The shipped example

  @Test func theFarmExampleWalksThrough() throws {
    let out = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let example = TestSupport.repositoryRoot.appendingPathComponent("examples/farm").path
    let result = TestSupport.run(["report", "--out", out.path, example])
    #expect(result.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    #expect(cells(json, "blocked") == ["NexusLowRes: incomplete", "R3GL206WKVZ: covered"])
    #expect(cells(json, "granted") == ["NexusLowRes: covered", "R3GL206WKVZ: covered"])
    #expect(codes(json) == ["missing-test", "test-flaky"])
    #expect(
      Set(deviceNames(json)) == ["NexusLowRes-28-en-portrait", "Pixel2.arm-30-en-portrait", "R3GL206WKVZ"] as Set)
  }
}
