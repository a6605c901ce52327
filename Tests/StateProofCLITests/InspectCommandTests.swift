import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `stateproof inspect` shows what was read from each kind of file.
@Suite(.temporaryFolders) struct InspectCommandTests {
  @Test func textShowsSeedsJUnitAndImages() {
    let result = TestSupport.run(["inspect", TestSupport.scannerExample])
    #expect(result.status == 0)
    #expect(result.output.contains("android/seed/seed-camera-blocked.log: seed-log"))
    #expect(result.output.contains("android.permission.CAMERA granted=false [USER_SET USER_FIXED"))
    #expect(result.output.contains("→ blocked"))
    #expect(result.output.contains("agp-connected, 1 suites, 7 executions: 7 passed"))
    #expect(result.output.contains("png 360×720"))
  }

  @Test func jsonStreamsOneObjectPerLine() throws {
    let result = TestSupport.run(["inspect", "--format", "json", TestSupport.scannerExample + "/ios"])
    let objects = try result.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let tests = objects.filter {
      $0["type"] as? String == "test" && $0["path"] as? String == "junit/ScannerUITests.junit.xml"
    }
    #expect(tests.count == 7)
    #expect(tests.first?["id"] as? String == "CameraStateScreenTests#testNotDeterminedExplainsBeforeAsking()")
    #expect(tests.first?["device"] as? String == "iPhone 16 (18.6)")
    // The same run from xcresulttool's JSON: one execution per set of arguments, with the OS.
    let fromJSON = objects.filter { $0["type"] as? String == "test" && $0["path"] as? String == "xcresult/tests.json" }
    #expect(fromJSON.count == 10)
    #expect(fromJSON.first?["id"] as? String == "CameraStateScreenTests#testNotDeterminedExplainsBeforeAsking()")
    #expect(fromJSON.first?["os"] as? String == "iOS Simulator 18.6 (22G86)")
    #expect(fromJSON.filter { $0["arguments"] is String }.count == 4)
    #expect(objects.contains { $0["type"] as? String == "image" && $0["width"] as? Int == 360 })
  }

  @Test func manifestsListEachAttachmentWithItsTest() throws {
    let folder = TestSupport.scannerExample + "/ios/attachments"
    let text = TestSupport.run(["inspect", folder]).output
    #expect(
      text.contains(
        "attachment \"Settings link after tap\" of CameraStateScreenTests/testDeniedOffersSettingsAfterTap() on iPhone 16 → 5E0C2B7A-3F1D-4C8E-9A61-2D7B8E4F9C10.png"
      ))
    #expect(text.contains("attachment \"Debug description\""))
    #expect(text.contains("(XCTest's own, skipped)"))
    let objects = try TestSupport.run(["inspect", "--format", "json", folder]).output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let attachments = objects.filter { $0["type"] as? String == "attachment" }
    #expect(
      attachments.compactMap { $0["name"] as? String } == [
        "Settings link after tap", "Debug description", "camera.authorized",
      ])
    #expect(
      attachments.first?["testIdentifier"] as? String == "CameraStateScreenTests/testDeniedOffersSettingsAfterTap()")
    #expect(attachments.first?["device"] as? String == "iPhone 16")
  }

  @Test func showsARunThatStoppedEarly() throws {
    let folder = try TestSupport.temporaryFolder().appendingPathComponent("connected/debug")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(
      """
      <?xml version='1.0' encoding='UTF-8' ?>
      <testsuite name="com.example.scanner.CameraStateTest" tests="1" failures="0" errors="0" skipped="0" time="3.1" timestamp="2026-11-27T09:14:02" hostname="localhost">
        <properties>
          <property name="device" value="Pixel 8 - 14" />
        </properties>
        <testcase name="grantedOpensViewfinder" classname="com.example.scanner.CameraStateTest" time="3.1" />
        <system-err>Test run failed to complete. Instrumentation run failed due to 'Process crashed.'
      java.lang.SecurityException: camera revoked</system-err>
      </testsuite>
      """.utf8
    ).write(to: folder.appendingPathComponent("TEST-Pixel 8 - 14-_app-.xml"))
    let text = TestSupport.run(["inspect", folder.path]).output
    #expect(
      text.contains(
        "  run stopped early on Pixel 8 - 14 (line 7, suite com.example.scanner.CameraStateTest): "
          + "Test run failed to complete. Instrumentation run failed due to 'Process crashed.' […]"))
    #expect(text.contains(": junit, ") && text.contains(", read"))
    let objects = try TestSupport.run(["inspect", "--format", "json", folder.path]).output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let stop = try #require(objects.first { $0["type"] as? String == "incomplete-run" })
    #expect(stop["device"] as? String == "Pixel 8 - 14")
    #expect(
      stop["cause"] as? String
        == "Test run failed to complete. Instrumentation run failed due to 'Process crashed.'\njava.lang.SecurityException: camera revoked"
    )
    #expect(!objects.contains { $0["type"] as? String == "problem" })
  }

  @Test func badFormatIsAUsageError() {
    #expect(TestSupport.run(["inspect", "--format", "yaml", "x"]).status == 2)
  }
}
