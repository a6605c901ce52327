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
    #expect(DeviceRule.identity(written: "iphonexs-12.1-en_GB-landscape").platform == .ios)
    #expect(DeviceRule.identity(written: "NexusLowRes-28-en-portrait").platform == .android)
    #expect(DeviceRule.identity(written: "Pixel 8 - 14").platform == nil)
    #expect(DeviceRule.identity(written: "Pixel 8 - 14").producer == nil)
    let attribution = PlatformAttribution(configuration: Configuration())
    #expect(
      attribution.platform(root: "evidence", path: "results/x.xml", device: "iphonexs-12.1-en_GB-landscape") == .ios)
  }

  /// Each producer's rule reads the parts of a spelling that producer writes: spelling → (name,
  /// OS, AVD mark, serial).
  @Test(
    arguments: [
      (DeviceProducer.agpConnected, "Pixel 8 - 14", "Pixel 8", "14", false, nil),
      (.agpConnected, "Medium_Phone_API_35(AVD) - 15", "Medium_Phone_API_35", "15", true, nil),
      (.agpConnected, "Pixel 8 - 14 (emulator-5554)", "Pixel 8", "14", false, "emulator-5554"),
      (.agpConnected, "emulator-5554 - 14", "emulator-5554", "14", false, "emulator-5554"),
      // AGP writes no iOS version.
      (.agpConnected, "iPhone 16 (18.6)", "iPhone 16 (18.6)", nil, false, nil),
      (.fastlaneTrainer, "iPhone 16 (18.6)", "iPhone 16", "18.6", false, nil),
      (.fastlaneTrainer, "Pixel 8 - 14", "Pixel 8 - 14", nil, false, nil),
      (.gradleManagedDevices, "pixel2api30", "pixel2api30", nil, false, nil),
      (.maestro, "emulator-5554", "emulator-5554", nil, false, "emulator-5554"),
      (.maestro, "Pixel_7_API_34", "Pixel_7_API_34", nil, false, nil),
      (.marathon, "sdk_gphone64_x86_64 - 15 (emulator-5554)", "sdk_gphone64_x86_64", "15", false, "emulator-5554"),
      (.marathon, "Pixel 8 - 14", "Pixel 8", "14", false, nil),
      (.marathon, "emulator-5554", "emulator-5554", nil, false, "emulator-5554"),
      (.marathon, "iPhone 15 (17.5)", "iPhone 15", "17.5", false, nil),
      (.spoon, "Pixel_8_API_34(AVD) - 14 (emulator-5554)", "Pixel_8_API_34", "14", true, "emulator-5554"),
      (.spoon, "0A1B2C3D4E5F", "0A1B2C3D4E5F", nil, false, nil),
      (.saucectl, "Google Pixel 8", "Google Pixel 8", nil, false, nil),
      (.xcresulttool, "Clone 1 of iPhone 16 (18.6)", "iPhone 16", "18.6", false, nil),
      (.xcresulttool, "iPhone 16", "iPhone 16", nil, false, nil),
    ] as [(DeviceProducer, String, String, String?, Bool, String?)])
  func ruleReadsItsProducersSpelling(
    producer: DeviceProducer, spelling: String, name: String, os: String?, isAVD: Bool, serial: String?
  ) {
    let identity = DeviceRule.of(producer).identity(spelled: spelling)
    #expect(identity.spelling == spelling)
    #expect(identity.producer == producer)
    #expect(identity.name == name)
    #expect(identity.os == os)
    #expect(identity.isAVD == isAVD)
    #expect(identity.serial == serial)
  }

  /// saucectl's OS comes from its `platform` property, not from the spelling StateProof writes.
  @Test func saucectlsDeviceIsReadFromItsProperties() throws {
    let android = try #require(DeviceRule.saucectl(device: "Google Pixel 8", platform: "Android 14"))
    #expect(android.spelling == "Google Pixel 8 - 14")
    #expect(android.name == "Google Pixel 8")
    #expect(android.os == "14")
    let ios = try #require(DeviceRule.saucectl(device: "iPhone 15", platform: "iOS 17.5"))
    #expect(ios.spelling == "iPhone 15 (17.5)")
    #expect(ios.name == "iPhone 15")
    #expect(ios.os == "17.5")
    #expect(DeviceRule.saucectl(device: "emulator-5554", platform: "Android 14")?.serial == "emulator-5554")
    // No OS to add: none given, another system, or a name that carries one.
    #expect(DeviceRule.saucectl(device: "Google Pixel 8", platform: nil) == nil)
    #expect(DeviceRule.saucectl(device: "Google Pixel 8", platform: "Windows 11") == nil)
    #expect(DeviceRule.saucectl(device: "Pixel 8 - 14", platform: "Android 14") == nil)
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
