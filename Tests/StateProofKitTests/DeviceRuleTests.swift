import Foundation
import Testing

@testable import StateProofMatch
@testable import StateProofModel
import StateProofEvidence
@testable import StateProofRead

/// The device table drives the readers' path rules, the `device-unknown` text and the docs'
/// "Device farms and runners" table: a producer missing from one of them fails here.
@Suite struct DeviceRuleTests {
  /// A path each pattern names a device in, and the device it names.
  private func example(_ pattern: DeviceRule.PathPattern) -> (path: String, device: String) {
    switch pattern {
    case .agpFileName: ("app/build/outputs/androidTest-results/TEST-Pixel 8 - 14-app-.xml", "Pixel 8 - 14")
    case .agpFolder: ("app/connected/SM-S901E - 15/results.xml", "SM-S901E - 15")
    case .testLabFolder: ("gcs/NexusLowRes-28-en-portrait-rerun_2/test_result_1.xml", "NexusLowRes-28-en-portrait")
    case .managedDeviceFolder: ("androidTest-results/managedDevice/debug/pixel2api30/result.xml", "pixel2api30")
    case .marathonSerialFolder: ("marathon/tests/omni/127.0.0.1-5037-emulator-5554/x.xml", "emulator-5554")
    case .spoonImageFolder: ("image/0A1B2C3D4E5F/com.example.CameraTest/granted/1764490815321_open.png", "0A1B2C3D4E5F")
    }
  }

  @Test func everyPathPatternIsReadInTheTablesOrder() {
    let patterns = DeviceRule.pathPatterns
    #expect(Set(patterns).count == patterns.count, "a pattern belongs to one producer")
    for pattern in patterns {
      let (path, device) = example(pattern)
      #expect(DevicePath.device(in: path) == device, "\(pattern)")
      #expect((DevicePath.farmDevice(in: path)?.device == device) == pattern.isFarm, "\(pattern)")
    }
    // A producer whose rule names no path pattern and no JUnit place names its device nowhere.
    for rule in DeviceRule.all where rule.producer != .xcresulttool {
      #expect(!rule.junitPlaces.isEmpty, "\(rule.producer) has no place in the device-unknown text")
    }
  }

  @Test func deviceUnknownTextNamesEveryProducersPlace() {
    let text = DeviceRecording.how(kind: .test, path: "build/outputs/report.xml")
    for rule in DeviceRule.all {
      for place in rule.junitPlaces {
        let words: String
        switch place {
        case .property(let by), .suiteAttribute(let by): words = by
        case .suiteName(let spelling, let by): words = "a \(spelling) suite name (\(by))"
        case .fileName(let name): words = "a file name (\(name))"
        case .folder(let folder): words = folder
        }
        #expect(text.contains(words), "\(rule.producer): \(words)")
      }
    }
    #expect(
      text.hasPrefix(
        "JUnit names it in a device property (AGP, fastlane trainer, saucectl), a suite's device attribute (Maestro), ")
    )
    #expect(
      text.hasSuffix(
        ", or Marathon's records beside its report per pool: test_result/<pool>/<serial>/<test>.json); this file has none"
      ))
  }

  @Test func platformOfASpellingComesFromTheTable() {
    #expect(DeviceRule.identity(written: "iphonexs-12.1-en_GB-landscape")?.platform == .ios)
    #expect(DeviceRule.identity(written: "NexusLowRes-28-en-portrait")?.platform == .android)
    #expect(DeviceRule.identity(written: "Pixel 8 - 14") == nil)
    let attribution = PlatformAttribution(configuration: Configuration())
    #expect(
      attribution.platform(root: "evidence", path: "results/x.xml", device: "iphonexs-12.1-en_GB-landscape") == .ios)
  }

  /// docs/evidence.md holds the table the code has; re-record by pasting `DeviceRule.markdownTable`.
  @Test func docsTableIsTheDeviceTable() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/evidence.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    let section = try #require(text.range(of: "#### Device farms and runners"))
    let after = text[section.upperBound...]
    let start = try #require(after.range(of: "| Producer |"))
    let table = after[start.lowerBound...].split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { $0.hasPrefix("|") }.joined(separator: "\n")
    #expect(
      table == DeviceRule.markdownTable,
      "docs/evidence.md's table differs from DeviceRule.all:\n\(DeviceRule.markdownTable)")
    for rule in DeviceRule.all { #expect(table.contains("| \(rule.name) |")) }
  }
}
