import Foundation
import StateProofModel
import StateProofEvidence
import StateProofSystem
import Testing

@testable import StateProofRead
import StateProofTestSupport

/// Spoon's `result.json` in the shapes its versions write (Gson's `SpoonSummary`): each serial's
/// device named from its `deviceDetails`, whatever the rest holds.
@Suite struct SpoonResultReaderTests {
  static let output = "spoon/app/build/spoon-output/debugAndroidTest/"

  static func read(_ text: String) -> SpoonResultReader.Outcome {
    let record = FileRecord(
      root: "evidence", path: "spoon-output/result.json", kind: .runnerRecord, bytes: 0, sha256: nil)
    let file = DiscoveredFile(record: record, url: URL(fileURLWithPath: "/nonexistent"))
    return SpoonResultReader.read(MemoryBytes(Array(text.utf8)), from: file)
  }

  static func devices(_ text: String) -> [String: String] {
    guard case .devices(let devices) = read(text) else { return [:] }
    return Dictionary(devices.map { ($0.serial, $0.device) }, uniquingKeysWith: { first, _ in first })
  }

  /// The 2.0 snapshot's shape (tests keyed `Class#method`), in the fixture.
  @Test func namesEachSerialsDevice() throws {
    let text = try String(contentsOf: TestFiles.readerFixture(Self.output + "result.json"), encoding: .utf8)
    #expect(
      Self.devices(text) == [
        "0A1B2C3D4E5F": "Pixel 8 - 14", "emulator-5554": "Pixel_8_API_34(AVD) - 14 (emulator-5554)",
      ])
    guard case .devices(let devices) = Self.read(text) else {
      Issue.record("not read")
      return
    }
    #expect(devices.allSatisfy { $0.location == EvidenceLocation(root: "evidence", path: "spoon-output/result.json") })
  }

  /// Spoon 1.x writes the tests as `[test, result]` pairs and, before 1.1.10, no emulator flag or
  /// AVD; Spoon 1.0 called the model `name`; a device whose install failed may have no details.
  @Test func readsEveryVersionsDetails() {
    let text = """
      {
        "title": "Spoon Execution",
        "testSize": "LARGE",
        "started": 1479200000000,
        "duration": 40,
        "results": {
          "emulator-5556": {
            "installFailed": false,
            "deviceDetails": {
              "model": "Android SDK built for x86",
              "manufacturer": "unknown",
              "version": "7.0",
              "apiLevel": 24,
              "language": "en",
              "region": "US"
            },
            "testResults": [
              [
                {"className": "com.example.CameraTest", "methodName": "granted"},
                {"status": "PASS", "duration": 2, "screenshots": [], "log": []}
              ]
            ],
            "started": 1479200001000,
            "duration": 2,
            "exceptions": []
          },
          "015d2109a854000a": {
            "installFailed": false,
            "deviceDetails": {"name": "Nexus 7", "manufacturer": "asus", "version": "4.2.1", "apiLevel": 17, "language": "en"},
            "testResults": [],
            "started": 1479200001000,
            "duration": 2,
            "exceptions": []
          },
          "R3GL206WKVZ": {
            "installFailed": false,
            "deviceDetails": {"model": "SM-S901E", "manufacturer": "samsung", "apiLevel": 34, "isEmulator": false},
            "testResults": {},
            "exceptions": []
          },
          "192_168_56_101_5555": {
            "installFailed": true,
            "installMessage": "INSTALL_FAILED_INSUFFICIENT_STORAGE",
            "exceptions": []
          }
        }
      }
      """
    #expect(
      Self.devices(text) == [
        "emulator-5556": "Android SDK built for x86 - 7.0 (emulator-5556)",
        "015d2109a854000a": "Nexus 7 - 4.2.1",
        // The release from the API level when Spoon recorded none.
        "R3GL206WKVZ": "SM-S901E - 14",
        "192_168_56_101_5555": "192_168_56_101_5555",
      ])
  }

  @Test func otherJSONIsNoSummaryAndBrokenJSONIsAProblem() {
    guard case .notSummary(let why) = Self.read(#"{"title": "Release notes", "items": []}"#) else {
      Issue.record("read as a summary")
      return
    }
    #expect(why == "a result.json without Spoon's results")
    guard
      case .problem(let problem) = Self.read("{\n  \"title\": \"x\",\n  \"results\": {\"a\": {\"deviceDetails\": }}}")
    else {
      Issue.record("no problem")
      return
    }
    #expect(problem.location.line == 3)
    guard case .problem(let twice) = Self.read(#"{"results": {}, "results": {}}"#) else {
      Issue.record("a second results is a problem")
      return
    }
    #expect(twice.message == "results is given twice")
  }

  /// A device's name from Spoon's details, and the serials Spoon writes into names.
  @Test func spoonDeviceNames() {
    #expect(SpoonDevice.name(serial: "emulator-5554", details: nil) == "emulator-5554")
    let emulator = SpoonDeviceDetails(model: "sdk_gphone64_x86_64", version: "14", apiLevel: 34, isEmulator: true)
    #expect(SpoonDevice.name(serial: "emulator-5554", details: emulator) == "sdk_gphone64_x86_64 - 14 (emulator-5554)")
    var avd = emulator
    avd.avdName = "Pixel_8_API_34"
    #expect(SpoonDevice.name(serial: "emulator-5554", details: avd) == "Pixel_8_API_34(AVD) - 14 (emulator-5554)")
    avd.version = nil
    avd.apiLevel = 0
    #expect(SpoonDevice.name(serial: "emulator-5554", details: avd) == "Pixel_8_API_34(AVD) (emulator-5554)")
    let unknown = SpoonDeviceDetails(model: "Pixel 8", apiLevel: 0, isEmulator: false)
    #expect(SpoonDevice.name(serial: "0A1B2C3D4E5F", details: unknown) == "0A1B2C3D4E5F")
    #expect(SpoonDevice.isSerial("192_168_56_101_5555") && SpoonDevice.isSerial("emulator-5554"))
    #expect(
      !SpoonDevice.isSerial("") && !SpoonDevice.isSerial("com.example.CameraTest") && !SpoonDevice.isSerial("a b"))
  }
}
