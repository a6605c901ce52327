import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI

/// Spoon's output folder (`spoon-output/`, the Gradle plugin's `build/spoon-output/<variant>/`),
/// in the shapes Spoon's source writes (square/spoon, `SpoonDeviceRunner`, `SpoonUtils`,
/// `HtmlRenderer`, `DeviceDetails`; ddmlib's `XmlTestRunListener`): one JUnit file per device at
/// `junit-reports/<serial>.xml`, screenshots at `image/<serial>/<class>/<method>/`, and
/// `result.json`, Gson's `SpoonSummary`, whose `results` hold each serial's `deviceDetails`. The
/// fixture's run is on a Pixel 8 (Android 14) and the emulator `emulator-5554` of the AVD
/// `Pixel_8_API_34`.
@Suite(.temporaryFolders) struct SpoonTests {
  static let output = "app/build/spoon-output/debugAndroidTest"
  static let files = [
    "junit-reports/0A1B2C3D4E5F.xml", "junit-reports/emulator-5554.xml", "result.json",
    "image/0A1B2C3D4E5F/com.example.scanner.CameraStateTest/grantedOpensViewfinder/1764490815321_viewfinder_open.png",
  ]

  /// Runs `report` and `inspect` on the fixture's files (`leaving` some out) with a camera matrix
  /// whose rows are proven by tests on `releaseDevices`, per device.
  static func run(releaseDevices: [String], leaving left: Set<String> = []) throws -> (
    status: Int32, json: [String: Any], inspect: String
  ) {
    var evidence: [String: Data] = [:]
    for file in files where !left.contains(file) {
      evidence["\(output)/\(file)"] = try Data(contentsOf: TestFiles.readerFixture("spoon/\(output)/\(file)"))
    }
    let devices = releaseDevices.map { "\"\($0)\"" }.joined(separator: ", ")
    let config = """
      {"app": "Scanner", "release": "1.0", "perDevice": true,
       "platforms": {"android": {"appId": "com.example.scanner", "receipt": "*#firstScanShowsSystemDialog", "releaseDevices": [\(devices)]}},
       "permissions": [{"id": "camera", "include": ["android/granted"], "reason": "Spoon test",
         "rows": {"granted": {"requires": ["test"], "tests": ["*#grantedOpensViewfinder"], "reason": "by name"}}}]}
      """
    let (base, root) = try TargetSdkReportTests.evidence(config: config, files: evidence)
    defer { try? FileManager.default.removeItem(at: base) }
    let out = base.appendingPathComponent("out")
    let result = TestSupport.run(["report", "--out", out.path, root.path])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    return (result.status, json, TestSupport.run(["inspect", root.path]).output)
  }

  static func devices(_ json: [String: Any]) -> [String: [String: Any]] {
    let all = json["devices"] as? [[String: Any]] ?? []
    return Dictionary(all.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
  }

  static func cells(_ json: [String: Any]) -> [String] {
    let android = (json["platforms"] as? [[String: Any]])?.first
    let row = (android?["rows"] as? [[String: Any]])?.first { $0["state"] as? String == "granted" }
    return (row?["devices"] as? [[String: Any]] ?? []).map { "\($0["device"] ?? ""): \($0["status"] ?? "")" }
  }

  /// The false red of issue 46: a Spoon run named no device, so it could never sign off on a
  /// release device. Its devices come from `result.json` by the serial each JUnit file is named
  /// for: the Pixel 8 proves the row and the receipt as people write it, and the emulator is
  /// listed as one, by its AVD and serial.
  @Test(arguments: ["Pixel 8 - 14", "Pixel 8"])
  func aSpoonRunSignsOffOnItsReleaseDevice(release: String) throws {
    let run = try Self.run(releaseDevices: [release])
    let codes = (run.json["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    #expect(!codes.contains("device-unknown") && !codes.contains("release-device-unseen"), "\(codes)")
    #expect(run.status == 0, "\(codes)")
    #expect(Self.cells(run.json) == ["\(release): covered"])
    let devices = Self.devices(run.json)
    #expect(devices.keys.sorted() == ["Pixel 8 - 14", "Pixel_8_API_34(AVD) - 14 (emulator-5554)"], "\(devices.keys)")
    let pixel = try #require(devices["Pixel 8 - 14"])
    #expect(pixel["emulator"] as? Bool == false)
    #expect(pixel["releaseDevices"] as? [String] == [release])
    let files = (pixel["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    #expect(files.contains("\(Self.output)/junit-reports/0A1B2C3D4E5F.xml"), "\(files)")
    #expect(files.contains("\(Self.output)/result.json"), "\(files)")
    #expect(files.contains("\(Self.output)/\(Self.files[3])"), "the screenshot's folder names its serial: \(files)")
    let emulator = try #require(devices["Pixel_8_API_34(AVD) - 14 (emulator-5554)"])
    #expect(emulator["emulator"] as? Bool == true)
    #expect(emulator["releaseDevices"] as? [String] == [])
    // Spoon's files are labelled Spoon's.
    let evidence = run.json["evidence"] as? [[String: Any]] ?? []
    let junit = evidence.filter { ($0["path"] as? String)?.contains("/junit-reports/") == true }
    #expect(
      junit.count == 2 && junit.allSatisfy { $0["format"] as? String == "spoon" }, "\(junit.map { $0["format"] ?? "" })"
    )
    let result = evidence.first { ($0["path"] as? String)?.hasSuffix("/result.json") == true }
    #expect(
      result?["kind"] as? String == "runner-record" && result?["format"] as? String == "Spoon result",
      "\(result ?? [:])")
    #expect(result?["status"] as? String == "read")
    // `inspect` names each file's device: the serial of a JUnit file, the details of result.json.
    #expect(run.inspect.contains("spoon, 1 suites, 3 executions"), "\(run.inspect)")
    #expect(run.inspect.contains("devices: 0A1B2C3D4E5F"))
    #expect(run.inspect.contains("devices: emulator-5554"))
    #expect(run.inspect.contains("device: Pixel 8 - 14, Pixel_8_API_34(AVD) - 14 (emulator-5554)"), "\(run.inspect)")
  }

  /// The emulator is a release device only where one names it: by its serial or its AVD.
  @Test(arguments: ["emulator-5554", "Pixel_8_API_34"])
  func theEmulatorIsItsOwnDevice(release: String) throws {
    let run = try Self.run(releaseDevices: [release])
    #expect(run.status == 0)
    #expect(Self.cells(run.json) == ["\(release): covered"])
    let emulator = Self.devices(run.json)["Pixel_8_API_34(AVD) - 14 (emulator-5554)"]
    #expect(emulator?["releaseDevices"] as? [String] == [release])
  }

  /// Without `result.json` each JUnit file still names its device by its serial.
  @Test func withoutResultJSONTheSerialsNameTheDevices() throws {
    let run = try Self.run(releaseDevices: ["0A1B2C3D4E5F"], leaving: ["result.json"])
    #expect(run.status == 0)
    #expect(Self.cells(run.json) == ["0A1B2C3D4E5F: covered"])
    let devices = Self.devices(run.json)
    #expect(devices.keys.sorted() == ["0A1B2C3D4E5F", "emulator-5554"])
    #expect(devices["emulator-5554"]?["emulator"] as? Bool == true)
  }
}
