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

  @Test func badFormatIsAUsageError() {
    #expect(TestSupport.run(["inspect", "--format", "yaml", "x"]).status == 2)
  }
}
