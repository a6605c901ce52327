import StateProofModel
import StateProofEvidence

/// How each producer records the device its evidence ran on, for a `device-unknown` finding about
/// a file that names none: for test results, from the device table (``DeviceRule``).
enum DeviceRecording {
  /// The ways a file of `kind` at `path` could have named its device, in a few words.
  static func how(kind: EvidenceKind, path: String) -> String {
    switch kind {
    case .test where isHostTest(path):
      return "a host (JVM) unit test: it runs on no device"
    case .test where path.hasSuffix(".json"):
      return "xcresulttool's JSON names the device in a Device node under each test case"
    case .test:
      return DeviceRule.junitPlaces + "; this file has none"
    case .seed:
      return
        "a seed log names it by a folder named like the release device (seed/Pixel 8 - 14/) or a device folder a farm writes; a seed record by its device field"
    case .screenshot:
      return
        "a screenshot names it by AGP's additional-output folder, a folder named like the release device or a farm's device folder, or the attachments manifest's deviceName"
    }
  }

  /// Gradle's JVM unit tests: `build/test-results/test<Variant>UnitTest/` or `test-results/test/`.
  private static func isHostTest(_ path: String) -> Bool {
    path.split(separator: "/").contains { $0 == "test" || ($0.hasPrefix("test") && $0.hasSuffix("UnitTest")) }
      && path.contains("test-results/")
  }
}
