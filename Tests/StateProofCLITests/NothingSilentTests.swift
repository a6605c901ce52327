import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofModel

/// Gaps that used to pass without a word: a selector that matches nothing says which tests came
/// closest, and an attachments export copied in part is a finding.
@Suite(.temporaryFolders) struct NothingSilentTests {
  private func message(_ json: [String: Any], code: String, row: String? = nil) -> String? {
    (json["findings"] as? [[String: Any]] ?? []).first {
      $0["code"] as? String == code && (row == nil || $0["row"] as? String == row)
    }?["message"] as? String
  }

  @Test func aSelectorThatMatchesNothingNamesTheClosestTests() throws {
    let scenario = try ExampleScenario.complete()
    var config = try scenario.read("stateproof.json")
    for (old, new) in [
      // `.` where the test has `#`.
      (
        "*.CameraStateTest#blockedCameraShowsSettingsLinkOnlyAfterTap",
        "com.example.scanner.CameraStateTest.blockedCameraShowsSettingsLinkOnlyAfterTap"
      ),
      // Case.
      ("*.CameraStateTest#grantedOpensViewfinder", "*.camerastatetest#GrantedOpensViewfinder"),
      // A module prefix the test's class does not have.
      (
        "CameraStateScreenTests#testDeniedOffersSettingsAfterTap",
        "ScannerUITests.CameraStateScreenTests#testDeniedOffersSettingsAfterTap"
      ),
      // The argument list Swift Testing writes.
      (
        "CameraStateScreenTests#testRestrictedExplainsWithoutSettingsLink",
        "CameraScreenTests#screenFollowsAuthorization"
      ),
    ] {
      #expect(config.contains(old))
      config = config.replacingOccurrences(of: old, with: new)
    }
    try scenario.write("stateproof.json", config)
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    let expected = [
      (
        "android/camera/blocked",
        "Closest: com.example.scanner.CameraStateTest#blockedCameraShowsSettingsLinkOnlyAfterTap (differs in the separator (. or #))."
      ),
      (
        "android/camera/granted",
        "Closest: com.example.scanner.CameraStateTest#grantedOpensViewfinder (differs in case)."
      ),
      (
        "ios/camera/denied",
        "Closest: CameraStateScreenTests#testDeniedOffersSettingsAfterTap() (differs in the module prefix)."
      ),
      (
        "ios/camera/restricted",
        "Closest: CameraScreenTests#screenFollowsAuthorization(status:expected:) (differs in the argument list)."
      ),
    ]
    for (row, hint) in expected {
      #expect(report.codes(on: row) == ["missing-test"], "\(row)")
      #expect(report.status(row) == .incomplete, "\(row)")
      let text = try #require(message(json, code: "missing-test", row: row))
      #expect(text.hasSuffix(hint), "\(row): \(text)")
    }
    #expect(report.codes(on: "android/camera/not-asked").isEmpty, "the rest of the example is unchanged")
  }

  /// A test the byte-level prefilter used to drop (no selector text in its case, no permission
  /// name) still reaches the hint.
  @Test func aReceiptThatMatchesNothingNamesATestThatDiffersInCase() throws {
    let scenario = try ExampleScenario.complete()
    try scenario.write(
      "stateproof.json",
      try scenario.read("stateproof.json").replacingOccurrences(
        of: "com.example.scanner.CameraPromptReceiptTest#firstScanShowsSystemDialog",
        with: "com.example.scanner.OnboardingTest#firstLaunchShowsSystemDialog"))
    try scenario.write(
      "android/app/build/outputs/androidTest-results/connected/release/TEST-Pixel 8 - 14-_app-.xml",
      try scenario.read(
        "android/app/build/outputs/androidTest-results/connected/release/TEST-Pixel 8 - 14-_app-.xml"
      ).replacingOccurrences(
        of:
          #"<testcase name="firstScanShowsSystemDialog" classname="com.example.scanner.CameraPromptReceiptTest" time="5.907" />"#,
        with:
          #"<testcase name="FirstLaunchShowsSystemDialog" classname="com.example.scanner.onboardingtest" time="5.907" />"#
      ))
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    #expect(report.codes(platform: "android") == ["missing-receipt"])
    let text = try #require(message(json, code: "missing-receipt"))
    #expect(
      text.hasSuffix("Closest: com.example.scanner.onboardingtest#FirstLaunchShowsSystemDialog (differs in case)."))
  }

  @Test func anAttachmentsManifestListingFilesThatAreNotThereIsAFinding() throws {
    let scenario = try ExampleScenario.complete()
    let entries = (0..<12).map { index in
      """
            {
              "deviceName" : "iPhone 16",
              "exportedFileName" : "0000000\(index % 10)-AAAA-4BBB-8CCC-\(String(format: "%012d", index)).png",
              "isAssociatedWithFailure" : false,
              "suggestedHumanReadableName" : "screen \(index)_0_0000000\(index % 10)-AAAA-4BBB-8CCC-\(String(format: "%012d", index)).png",
              "timestamp" : 1764000123.412
            }
      """
    }
    try scenario.write(
      "ios/lost-export/manifest.json",
      """
      [
        {
          "attachments" : [
      \(entries.joined(separator: ",\n"))
          ],
          "testIdentifier" : "CameraStateScreenTests/testDeniedOffersSettingsAfterTap()"
        }
      ]

      """)
    let (status, report, json) = try scenario.report()
    #expect(status == 0, "a warning: the rows stand on the evidence that is there")
    #expect(report.codes(platform: "ios") == ["missing-attachment"])
    let finding = try #require(
      (json["findings"] as? [[String: Any]])?.first { $0["code"] as? String == "missing-attachment" })
    #expect(finding["severity"] as? String == "warning")
    #expect(finding["platform"] as? String == "ios")
    let text = try #require(finding["message"] as? String)
    #expect(
      text.hasPrefix(
        "ios/lost-export/manifest.json lists 12 exported files that are not there: 00000000-AAAA-4BBB-8CCC-000000000000.png (\"screen 0\"), "
      ))
    #expect(text.contains(" and 7 more. They prove nothing"))
    let files = try #require(finding["files"] as? [String])
    #expect(files.first == "ios/lost-export/00000000-AAAA-4BBB-8CCC-000000000000.png")
    #expect(files.contains("ios/lost-export/manifest.json"))
    #expect(files.count == 13)
    #expect(try scenario.report(["--fail-on", "warning"]).status == 1)
    // The shipped example's manifest lists only files that are there.
    #expect(try ExampleScenario.complete().report().report.codes(platform: "ios").isEmpty)
  }
}
