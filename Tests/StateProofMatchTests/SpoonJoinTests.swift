import Testing

@testable import StateProofMatch
import StateProofModel
import StateProofEvidence

/// Spoon's files name a device by its serial; the `result.json` of the same output folder names it
/// fully, and the join gives every piece of evidence there that name.
@Suite struct SpoonJoinTests {
  static let output = "app/build/spoon-output/debugAndroidTest"

  static func test(_ path: String, device: String?) -> TestExecution {
    TestExecution(
      location: EvidenceLocation(root: "ci", path: path), classname: "com.example.CameraTest", name: "granted",
      device: device, outcome: .passed)
  }

  @Test func serialsBecomeTheDevicesResultJSONNames() {
    let junit = "\(Self.output)/junit-reports/0A1B2C3D4E5F.xml"
    let image = "\(Self.output)/image/0A1B2C3D4E5F/com.example.CameraTest/granted/1764490815321_open.png"
    var evidence = EvidenceSet(
      files: [
        FileRecord(root: "ci", path: junit, kind: .junit, bytes: 1, sha256: nil, devices: ["0A1B2C3D4E5F"]),
        FileRecord(root: "ci", path: image, kind: .screenshot, bytes: 1, sha256: nil, devices: ["0A1B2C3D4E5F"]),
      ],
      tests: [
        Self.test(junit, device: "0A1B2C3D4E5F"),
        // Another output folder's file, a device the file itself names, another root: untouched.
        Self.test("other/junit-reports/0A1B2C3D4E5F.xml", device: "0A1B2C3D4E5F"),
        Self.test(junit, device: "Pixel 8 - 14 (named)"),
      ],
      screenshots: [
        Screenshot(
          location: EvidenceLocation(root: "ci", path: image), format: .png, width: 4, height: 8, sha256: "00",
          bytes: 1,
          device: "0A1B2C3D4E5F")
      ],
      incompleteRuns: [
        IncompleteRun(
          location: EvidenceLocation(root: "ci", path: junit), device: "0A1B2C3D4E5F", suite: nil, cause: "crash")
      ])
    evidence.runnerSerials = [
      RunnerSerial(
        location: EvidenceLocation(root: "ci", path: "\(Self.output)/result.json"), serial: "0A1B2C3D4E5F",
        device: "Pixel 8 - 14")
    ]
    let joined = SpoonJoin.join(evidence)
    #expect(joined.files.map(\.devices) == [["Pixel 8 - 14"], ["Pixel 8 - 14"]])
    #expect(joined.tests.map(\.device) == ["Pixel 8 - 14", "0A1B2C3D4E5F", "Pixel 8 - 14 (named)"])
    #expect(joined.screenshots.map(\.device) == ["Pixel 8 - 14"])
    #expect(joined.incompleteRuns.map(\.device) == ["Pixel 8 - 14"])
    // A result.json at the evidence root names the files beside it.
    var atRoot = EvidenceSet(tests: [Self.test("junit-reports/emulator-5554.xml", device: "emulator-5554")])
    atRoot.runnerSerials = [
      RunnerSerial(location: EvidenceLocation(root: "ci", path: "result.json"), serial: "emulator-5554", device: "AVD")
    ]
    #expect(SpoonJoin.join(atRoot).tests.map(\.device) == ["AVD"])
  }
}
