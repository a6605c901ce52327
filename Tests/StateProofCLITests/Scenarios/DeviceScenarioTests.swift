import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
import StateProofMatch
@testable import StateProofModel

/// Release devices written the way people write them, against evidence in the shapes AGP,
/// xcresulttool and trainer write: which receipt passed where, which failure shows, which devices
/// the report lists.
@Suite(.temporaryFolders) struct DeviceScenarioTests {
  /// An AGP connected-test report from an emulator: the receipt passed, `blocked` failed with a
  /// stack trace and no `message` (as AGP writes failures), `granted` passed.
  static func agpConnected(device: String, blockedFails: Bool = true, receiptFails: Bool = false) -> String {
    let blocked =
      blockedFails
      ? """
      >
          <failure>java.lang.AssertionError: Settings link shown before the tap
      \tat com.example.scanner.CameraStateTest.blockedCameraShowsSettingsLinkOnlyAfterTap(CameraStateTest.kt:88)
      \tat androidx.test.runner.AndroidJUnit4.run(AndroidJUnit4.java:162)</failure>
        </testcase>
      """ : " />"
    let receipt =
      receiptFails
      ? """
      >
          <failure>java.lang.AssertionError: no system dialog after the first scan</failure>
        </testcase>
      """ : " />"
    return """
      <?xml version='1.0' encoding='UTF-8' ?>
      <testsuite name="com.example.scanner.CameraStateTest" tests="3" failures="1" errors="0" skipped="0" time="9.120" timestamp="2026-11-27T09:14:02" hostname="localhost">
        <properties>
          <property name="device" value="\(device)" />
          <property name="flavor" value="" />
          <property name="project" value=":app" />
        </properties>
        <testcase name="grantedOpensViewfinder" classname="com.example.scanner.CameraStateTest" time="2.874" />
        <testcase name="blockedCameraShowsSettingsLinkOnlyAfterTap" classname="com.example.scanner.CameraStateTest" time="3.118"\(blocked)
        <testcase name="firstScanShowsSystemDialog" classname="com.example.scanner.CameraPromptReceiptTest" time="5.907"\(receipt)
      </testsuite>

      """
  }

  static func configuration(releaseDevices: [String], perDevice: Bool) -> String {
    let devices = releaseDevices.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {
        "perDevice": \(perDevice),
        "platforms": {
          "android": {
            "appId": "com.example.scanner",
            "receipt": "*.CameraPromptReceiptTest#firstScanShowsSystemDialog",
            "releaseDevices": [\(devices)]
          }
        },
        "permissions": [{
          "id": "camera",
          "include": ["android/granted", "android/blocked"],
          "reason": "the device scenarios need two rows",
          "rows": {
            "granted": { "tests": ["*.CameraStateTest#grantedOpensViewfinder"], "requires": ["test"], "reason": "devices, not seeds, are under test" },
            "blocked": { "tests": ["*.CameraStateTest#blockedCameraShowsSettingsLinkOnlyAfterTap"], "requires": ["test"], "reason": "devices, not seeds, are under test" }
          }
        }]
      }
      """
  }

  static let avd = "Medium_Phone_API_35(AVD) - 15"
  static let agpPath = "app/build/outputs/androidTest-results/connected/debug/TEST-\(avd)-_app-.xml"

  private func emulatorRun(releaseDevices: [String], perDevice: Bool) throws -> (
    status: Int32, report: BaselineReport, json: [String: Any]
  ) {
    let scenario = ExampleScenario(root: try TestSupport.temporaryFolder().appendingPathComponent("android"))
    try scenario.write(Self.agpPath, Self.agpConnected(device: Self.avd))
    try scenario.write("stateproof.json", Self.configuration(releaseDevices: releaseDevices, perDevice: perDevice))
    return try scenario.report()
  }

  private func receiptStatus(_ json: [String: Any]) -> String? {
    let android = (json["platforms"] as? [[String: Any]])?.first
    return (android?["receipt"] as? [String: Any])?["status"] as? String
  }

  private func findings(_ json: [String: Any], _ code: String) -> [[String: Any]] {
    (json["findings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == code }
  }

  @Test(arguments: [false, true])
  func theAVDNameIsTheReleaseDeviceAndTheFailureShows(perDevice: Bool) throws {
    let (status, report, json) = try emulatorRun(releaseDevices: ["Medium_Phone_API_35"], perDevice: perDevice)
    #expect(status == 1)
    #expect(receiptStatus(json) == "passed")
    #expect(report.codes(platform: "android").isEmpty, "no receipt or device finding")
    #expect(report.codes(on: "android/camera/blocked") == ["test-failed"])
    #expect(report.status("android/camera/blocked") == .failing)
    #expect(report.codes(on: "android/camera/granted").isEmpty)
    #expect(report.status("android/camera/granted") == .covered)
    let failed = try #require(findings(json, "test-failed").first)
    #expect(failed["platform"] as? String == "android")
    #expect((failed["message"] as? String)?.contains("failed on \(Self.avd)") == true)
    #expect((failed["message"] as? String)?.contains("Settings link shown before the tap") == true)
    #expect(failed["files"] as? [String] == [Self.agpPath])
    if perDevice {
      let rows = ((json["platforms"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]]) ?? []
      let blocked = rows.first { $0["state"] as? String == "blocked" }
      let cells = blocked?["devices"] as? [[String: Any]]
      #expect(cells?.map { $0["device"] as? String } == ["Medium_Phone_API_35"])
      #expect(cells?.map { $0["status"] as? String } == ["failing"])
      #expect((failed["message"] as? String)?.hasPrefix("On Medium_Phone_API_35: ") == true)
    }
    let devices = try #require(json["devices"] as? [[String: Any]])
    #expect(devices.map { $0["name"] as? String } == [Self.avd])
    #expect(devices.first?["emulator"] as? Bool == true)
    #expect(devices.first?["releaseDevices"] as? [String] == ["Medium_Phone_API_35"])
  }

  @Test(arguments: [false, true])
  func anUnseenReleaseDeviceIsAWarningAndTheFailureStillShows(perDevice: Bool) throws {
    let (status, report, json) = try emulatorRun(releaseDevices: ["Pixel 8 - 14"], perDevice: perDevice)
    #expect(status == 1)
    #expect(receiptStatus(json) == "off-release-device")
    #expect(report.codes(platform: "android") == ["receipt-off-release-device", "release-device-unseen"])
    let unseen = try #require(findings(json, "release-device-unseen").first)
    #expect(unseen["severity"] as? String == "warning")
    #expect(
      (unseen["message"] as? String)?.contains(
        "No evidence names the release device Pixel 8 - 14, so nothing is proven on it. Devices seen: \(Self.avd) (emulator)."
      )
        == true)
    // The failure ran on no release device, and is reported all the same.
    #expect(report.codes(on: "android/camera/blocked").contains("test-failed"))
    #expect(report.status("android/camera/blocked") == .failing)
    let failed = try #require(findings(json, "test-failed").first)
    #expect((failed["message"] as? String)?.contains("failed on \(Self.avd)") == true)
  }

  @Test func anEmulatorNeverPassesForThePhysicalReleaseDevice() throws {
    let (status, report, json) = try {
      let scenario = ExampleScenario(root: try TestSupport.temporaryFolder().appendingPathComponent("android"))
      try scenario.write(
        "app/build/outputs/androidTest-results/connected/debug/TEST-emulator-5554 - 14-_app-.xml",
        Self.agpConnected(device: "Pixel 8 - 14 (emulator-5554)"))
      try scenario.write("stateproof.json", Self.configuration(releaseDevices: ["Pixel 8 - 14"], perDevice: false))
      return try scenario.report()
    }()
    #expect(status == 1)
    #expect(receiptStatus(json) == "off-release-device")
    #expect(report.codes(platform: "android") == ["receipt-off-release-device", "release-device-unseen"])
    let unseen = try #require(findings(json, "release-device-unseen").first)
    #expect((unseen["message"] as? String)?.contains("Pixel 8 - 14 (emulator-5554) is an emulator") == true)
  }

  @Test func aReceiptThatFailedOnOneDeviceFailsWhereverElseItPassed() throws {
    let scenario = ExampleScenario(root: try TestSupport.temporaryFolder().appendingPathComponent("android"))
    try scenario.write(
      "pixel/TEST-Pixel 8 - 14-_app-.xml", Self.agpConnected(device: "Pixel 8 - 14", blockedFails: false))
    try scenario.write(
      "galaxy/TEST-Galaxy S24 - 14-_app-.xml",
      Self.agpConnected(device: "Galaxy S24 - 14", blockedFails: false, receiptFails: true))
    try scenario.write("stateproof.json", Self.configuration(releaseDevices: ["Pixel 8 - 14"], perDevice: false))
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    #expect(receiptStatus(json) == "failed")
    #expect(report.codes(platform: "android") == ["receipt-failed"])
    let failed = try #require(findings(json, "receipt-failed").first)
    #expect((failed["message"] as? String)?.contains("failed on Galaxy S24 - 14") == true)
    #expect((failed["message"] as? String)?.contains("It passed on Pixel 8 - 14") == true)
  }

  @Test func theScannerExampleListsEachDeviceOnce() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    _ = TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let devices = try #require(json["devices"] as? [[String: Any]])
    #expect(devices.map { $0["name"] as? String } == ["Pixel 8 - 14", "iPhone 16 (18.6)"])
    #expect(devices.map { $0["aliases"] as? [String] } == [[], ["iPhone 16"]])
    #expect(devices.map { $0["platform"] as? String } == ["android", "ios"])
    let iPhoneFiles = (devices.last?["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
    #expect(iPhoneFiles?.contains("ios/junit/ScannerUITests.junit.xml") == true)
    #expect(iPhoneFiles?.contains("ios/attachments/manifest.json") == true)
    let sources = try #require(json["sources"] as? [[String: Any]])
    #expect(sources.first?["devices"] as? [String] == ["Pixel 8 - 14", "iPhone 16 (18.6)"])
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains(#"<tr><th scope="row">iPhone 16 (18.6)</th><td>iPhone 16<br></td>"#))
    let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(markdown.contains("## Devices"))
    #expect(markdown.contains("| iPhone 16 (18.6) | iPhone 16<br> | device | iPhone 16 (18.6)<br> |"))
  }
}
