import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofModel

/// With a selector matching several classes, the failures on the release device are the ones
/// report.md names first, whatever the order the files are read in.
@Suite(.temporaryFolders) struct ReleaseFailuresFirstTests {
  static let emulator = "Medium_Phone_API_35(AVD) - 15"
  static let phone = "Pixel 8 - 14"

  static func agp(device: String, cases: [(classname: String, name: String, failure: String?)]) -> String {
    let body = cases.map { test in
      let open = #"  <testcase name="\#(test.name)" classname="com.example.scanner.\#(test.classname)" time="2.1""#
      guard let failure = test.failure else { return open + " />" }
      return open
        + ">\n    <failure>java.lang.AssertionError: \(failure)\n\tat com.example.scanner.\(test.classname).\(test.name)(\(test.classname).kt:40)</failure>\n  </testcase>"
    }.joined(separator: "\n")
    return """
      <?xml version='1.0' encoding='UTF-8' ?>
      <testsuite name="com.example.scanner.\(cases[0].classname)" tests="\(cases.count)" failures="\(cases.count { $0.failure != nil })" errors="0" skipped="0" time="6.3" timestamp="2026-11-30T09:14:02" hostname="localhost">
        <properties>
          <property name="device" value="\(device)" />
          <property name="flavor" value="" />
          <property name="project" value=":app" />
        </properties>
      \(body)
      </testsuite>

      """
  }

  @Test(arguments: [false, true])
  func releaseDeviceFailuresComeFirst(perDevice: Bool) throws {
    let scenario = ExampleScenario(root: try TestSupport.temporaryFolder().appendingPathComponent("android"))
    defer { try? FileManager.default.removeItem(at: scenario.root.deletingLastPathComponent()) }
    let connected = "app/build/outputs/androidTest-results/connected/debug"
    // The emulator's file sorts first.
    try scenario.write(
      "\(connected)/TEST-\(Self.emulator)-_app-.xml",
      Self.agp(
        device: Self.emulator,
        cases: [
          ("CameraStateTest", "blockedShowsSettingsLink", "emulator: settings link missing"),
          ("CameraPromptReceiptTest", "firstScanShowsSystemDialog", nil),
        ]))
    try scenario.write(
      "\(connected)/TEST-\(Self.phone)-_app-.xml",
      Self.agp(
        device: Self.phone,
        cases: [
          ("CameraStateTest", "blockedShowsSettingsLink", "phone: settings link missing"),
          ("CameraBlockedBannerTest", "blockedShowsBanner", "phone: banner missing"),
          ("CameraPromptReceiptTest", "firstScanShowsSystemDialog", nil),
        ]))
    var configuration = DeviceScenarioTests.configuration(releaseDevices: [Self.phone], perDevice: perDevice)
    configuration = configuration.replacingOccurrences(
      of: #""tests": ["*.CameraStateTest#blockedCameraShowsSettingsLinkOnlyAfterTap"]"#,
      with: #""tests": ["*.Camera*Test#blockedShows*"]"#)
    try scenario.write("stateproof.json", configuration)
    let out = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = TestSupport.run(["report", "--out", out.appendingPathComponent("r").path, scenario.root.path])
    #expect(result.status == 1)
    let markdown = try String(contentsOf: out.appendingPathComponent("r/report.md"), encoding: .utf8)
    let phoneFailure = try #require(markdown.range(of: "phone: settings link missing"))
    let banner = try #require(markdown.range(of: "phone: banner missing"))
    let emulatorFailure = try #require(markdown.range(of: "emulator: settings link missing"))
    #expect(phoneFailure.lowerBound < emulatorFailure.lowerBound, "\(markdown)")
    #expect(banner.lowerBound < emulatorFailure.lowerBound)
    // The row's evidence column too: the release device's failures before the emulator's.
    let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| [camera blocked]") })
    let rowPhone = try #require(row.range(of: "phone: settings link missing"))
    let rowEmulator = try #require(row.range(of: "emulator: settings link missing"))
    #expect(rowPhone.lowerBound < rowEmulator.lowerBound)
    let data = try Data(contentsOf: out.appendingPathComponent("r/report.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let failed = (json["findings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "test-failed" }
    if perDevice {
      // One finding per device: the release device's names both of its failures.
      #expect(Set(failed.compactMap { $0["device"] as? String }) == [Self.phone, Self.emulator])
      let onPhone = failed.first { $0["device"] as? String == Self.phone }
      #expect((onPhone?["message"] as? String)?.contains("Also: com.example.scanner.CameraBlockedBannerTest") == true)
    } else {
      let message = try #require(failed.first?["message"] as? String)
      #expect(message.hasPrefix("com.example.scanner.CameraStateTest#blockedShowsSettingsLink failed on Pixel 8 - 14"))
      #expect(
        message.contains("Also: com.example.scanner.CameraBlockedBannerTest#blockedShowsBanner failed on Pixel 8 - 14"))
      #expect(message.contains("failed on \(Self.emulator) (none of the release devices)"))
    }
  }
}
