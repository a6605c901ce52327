import Foundation
import Testing

@testable import StateProofKit

/// `stateproof inspect` shows what was read from each kind of file.
@Suite struct InspectCommandTests {
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
    let tests = objects.filter { $0["type"] as? String == "test" }
    #expect(tests.count == 7)
    #expect(tests.first?["id"] as? String == "CameraStateScreenTests#testNotDeterminedExplainsBeforeAsking()")
    #expect(tests.first?["device"] as? String == "iPhone 16 (18.6)")
    #expect(objects.contains { $0["type"] as? String == "image" && $0["width"] as? Int == 360 })
  }

  @Test func manifestsListEachAttachmentWithItsTest() throws {
    let folder = TestSupport.scannerExample + "/ios/attachments"
    let text = TestSupport.run(["inspect", folder]).output
    #expect(text.contains(
      "attachment \"Settings link after tap\" of CameraStateScreenTests/testDeniedOffersSettingsAfterTap() on iPhone 16 → 5E0C2B7A-3F1D-4C8E-9A61-2D7B8E4F9C10.png"))
    #expect(text.contains("attachment \"Debug description\""))
    #expect(text.contains("(XCTest's own, skipped)"))
    let objects = try TestSupport.run(["inspect", "--format", "json", folder]).output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let attachments = objects.filter { $0["type"] as? String == "attachment" }
    #expect(attachments.compactMap { $0["name"] as? String } == ["Settings link after tap", "Debug description", "camera.authorized"])
    #expect(attachments.first?["testIdentifier"] as? String == "CameraStateScreenTests/testDeniedOffersSettingsAfterTap()")
    #expect(attachments.first?["device"] as? String == "iPhone 16")
  }

  @Test func badFormatIsAUsageError() {
    #expect(TestSupport.run(["inspect", "--format", "yaml", "x"]).status == 2)
  }
}
