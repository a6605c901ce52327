import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofRead
@testable import StateProofEvidence

/// Marathon's output, in the shapes its source writes (MarathonLabs/marathon, `FileManager`,
/// `JUnitReporter`, `JUnitReportSerializer`, `TestJsonReporter`, `DeviceInfoJsonReporter`):
/// one JUnit per pool at `tests/<pool>/marathon_junit_report.xml` (a suite named for the pool,
/// Surefire's `flakyFailure` for a pass after a retry, no device), each test's final result on a
/// device at `test_result/<pool>/<safe serial>/<package.Class#method>.json` (Gson, compact), each
/// device at `devices/<pool>/<safe serial>.json`; adam's serial is `<host>:<port>:<adb serial>`,
/// escaped in folder names (`127.0.0.1-5037-R3GL206WKVZ`).
@Suite(.temporaryFolders) struct MarathonTests {
  static let schema =
    "https://raw.githubusercontent.com/jenkinsci/xunit-plugin/ae25da5089d4f94ac6c4669bf736e4d416cc4665/src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd"

  /// The pool's report as Marathon's XMLStreamWriter writes it: one line, no indentation.
  static func poolReport(pool: String = "omni", cases: [String]) -> String {
    #"<?xml version="1.0" encoding="UTF-8"?><testsuite xsi:noNamespaceSchemaLocation="\#(schema)" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="\#(pool)" tests="\#(cases.count)" failures="0" errors="0" time="21.357" skipped="0" timestamp="2026-11-30T08:20:11">"#
      + cases.joined() + "</testsuite>"
  }

  static func testcase(_ name: String, classname: String, flaky: String? = nil, failure: String? = nil) -> String {
    var body = ""
    if let flaky {
      body += #"<flakyFailure type="rerun exception"><stackTrace><![CDATA[\#(flaky)]]></stackTrace></flakyFailure>"#
    }
    if let failure { body += "<failure><![CDATA[\(failure)]]></failure>" }
    return #"<testcase name="\#(name)" time="5.907" classname="\#(classname)">\#(body)</testcase>"#
  }

  /// Gson's `DeviceInfo`.
  static func deviceInfo(serial: String, model: String, os: String, manufacturer: String) -> String {
    #"{"operatingSystem":{"version":"\#(os)"},"serialNumber":"\#(serial)","model":"\#(model)","manufacturer":"\#(manufacturer)","networkState":"CONNECTED","deviceFeatures":["VIDEO","SCREENSHOT"],"healthy":true}"#
  }

  /// Gson's `TestResult` (nulls left out, as Gson does).
  static func testResult(
    pkg: String, clazz: String, method: String, device: String, status: String = "PASSED", stacktrace: String? = nil
  ) -> String {
    let trace = stacktrace.map { #","stacktrace":"\#($0)""# } ?? ""
    return
      #"{"test":{"pkg":"\#(pkg)","clazz":"\#(clazz)","method":"\#(method)","metaProperties":[{"name":"org.junit.Test","values":{}}]},"device":\#(device),"testBatchId":"4d5f0b3e-0b37-4a47-8a9e-1f1c3c2d7a10","status":"\#(status)","startTime":1764490811000,"endTime":1764490816907\#(trace),"attachments":[]}"#
  }

  static let pixel = deviceInfo(
    serial: "127.0.0.1:5037:R3GL206WKVZ", model: "Pixel 8", os: "34", manufacturer: "Google")
  static let emulator = deviceInfo(
    serial: "127.0.0.1:5037:emulator-5554", model: "sdk_gphone64_x86_64", os: "35", manufacturer: "Google")

  /// Runs `report` (and `inspect`) on `files` with a camera matrix proven by tests on
  /// `releaseDevices`, per device.
  static func run(_ files: [String: String], releaseDevices: [String], flaky: String = "pass") throws -> (
    status: Int32, json: [String: Any], inspect: String
  ) {
    let devices = releaseDevices.map { "\"\($0)\"" }.joined(separator: ", ")
    let config = """
      {"app": "Scanner", "release": "1.0", "perDevice": true, "flaky": "\(flaky)",
       "platforms": {"android": {"appId": "com.example.scanner", "receipt": "*#firstScanShowsSystemDialog", "releaseDevices": [\(devices)]}},
       "permissions": [{"id": "camera", "include": ["android/granted"], "reason": "Marathon test",
         "rows": {"granted": {"requires": ["test"], "tests": ["*#grantedOpensViewfinder"], "reason": "by name"}}}]}
      """
    let (base, root) = try TargetSdkReportTests.evidence(config: config, files: files.mapValues { Data($0.utf8) })
    defer { try? FileManager.default.removeItem(at: base) }
    let out = base.appendingPathComponent("out")
    let result = TestSupport.run(["report", "--out", out.path, root.path])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let inspect = TestSupport.run(["inspect", root.path]).output
    return (result.status, json, inspect)
  }

  static func findings(_ json: [String: Any]) -> [[String: Any]] { json["findings"] as? [[String: Any]] ?? [] }

  static func row(_ json: [String: Any], _ state: String) -> [String: Any]? {
    let android = (json["platforms"] as? [[String: Any]])?.first
    return (android?["rows"] as? [[String: Any]])?.first { $0["state"] as? String == state }
  }

  // MARK: The current layout

  /// The pool report names no device; the records beside it do: the device is listed with its
  /// files, `inspect` names it, and with `perDevice` the row and the receipt are proven on it (no
  /// `device-unknown`, the false red of issue 37). The pool report is Marathon's, not Surefire's.
  @Test func marathonsDevicesAreReadFromItsRecords() throws {
    let serial = "127.0.0.1-5037-R3GL206WKVZ"
    let run = try Self.run(
      [
        "marathon/tests/omni/marathon_junit_report.xml": Self.poolReport(cases: [
          Self.testcase("grantedOpensViewfinder", classname: "com.example.scanner.CameraStateTest"),
          Self.testcase("firstScanShowsSystemDialog", classname: "com.example.scanner.CameraPromptReceiptTest"),
        ]),
        "marathon/test_result/omni/\(serial)/com.example.scanner.CameraStateTest#grantedOpensViewfinder.json":
          Self.testResult(
            pkg: "com.example.scanner", clazz: "CameraStateTest", method: "grantedOpensViewfinder", device: Self.pixel),
        "marathon/test_result/omni/\(serial)/com.example.scanner.CameraPromptReceiptTest#firstScanShowsSystemDialog.json":
          Self.testResult(
            pkg: "com.example.scanner", clazz: "CameraPromptReceiptTest", method: "firstScanShowsSystemDialog",
            device: Self.pixel),
        "marathon/devices/omni/\(serial).json": Self.pixel,
        "marathon/test_result/raw.json":
          #"[{"package":"com.example.scanner","class":"CameraStateTest","method":"grantedOpensViewfinder","metaProperties":[],"deviceSerial":"127.0.0.1:5037:R3GL206WKVZ","status":"PASSED","ignored":false,"success":true,"timestamp":1764490811000,"duration":5907}]"#,
      ], releaseDevices: ["Pixel 8 - 14"])
    let codes = Self.findings(run.json).compactMap { $0["code"] as? String }
    #expect(!codes.contains("device-unknown") && !codes.contains("receipt-off-release-device"), "\(codes)")
    #expect(run.status == 0, "\(codes)")
    let device = try #require(
      (run.json["devices"] as? [[String: Any]])?.first { $0["name"] as? String == "Pixel 8 - 14" })
    #expect(device["releaseDevices"] as? [String] == ["Pixel 8 - 14"])
    let files = (device["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    #expect(files.contains("marathon/tests/omni/marathon_junit_report.xml"), "\(files)")
    #expect(files.contains("marathon/devices/omni/\(serial).json"), "\(files)")
    let cells = (Self.row(run.json, "granted")?["devices"] as? [[String: Any]] ?? []).map {
      "\($0["device"] ?? ""): \($0["status"] ?? "")"
    }
    #expect(cells == ["Pixel 8 - 14: covered"], "\(cells)")
    let receipt = ((run.json["platforms"] as? [[String: Any]])?.first?["receipt"] as? [String: Any]) ?? [:]
    #expect(receipt["status"] as? String == "passed")
    let evidence = run.json["evidence"] as? [[String: Any]] ?? []
    let pool = evidence.first { $0["path"] as? String == "marathon/tests/omni/marathon_junit_report.xml" }
    #expect(pool?["format"] as? String == "marathon", "\(pool?["format"] ?? "")")
    let record = evidence.first { ($0["path"] as? String)?.hasSuffix("#grantedOpensViewfinder.json") == true }
    #expect(record?["kind"] as? String == "runner-record" && record?["format"] as? String == "Marathon test record")
    // Marathon's raw.json is listed with why it is not read.
    #expect(
      evidence.first { $0["path"] as? String == "marathon/test_result/raw.json" }?["status"] as? String == "ignored")
    #expect(
      run.inspect.contains("Marathon test record") && run.inspect.contains("device: Pixel 8 - 14"), "\(run.inspect)")
  }

  /// An emulator's record names its model, release and adb serial; a pool whose test ran on two
  /// devices is one execution per device, each with its record's outcome: a failure on one is
  /// never hidden by a pass on the other.
  @Test func aTestOnTwoDevicesIsOneExecutionEach() throws {
    let run = try Self.run(
      [
        "marathon/tests/omni/marathon_junit_report.xml": Self.poolReport(cases: [
          Self.testcase("grantedOpensViewfinder", classname: "com.example.scanner.CameraStateTest")
        ]),
        "marathon/test_result/omni/127.0.0.1-5037-R3GL206WKVZ/com.example.scanner.CameraStateTest#grantedOpensViewfinder.json":
          Self.testResult(
            pkg: "com.example.scanner", clazz: "CameraStateTest", method: "grantedOpensViewfinder", device: Self.pixel),
        "marathon/test_result/omni/127.0.0.1-5037-emulator-5554/com.example.scanner.CameraStateTest#grantedOpensViewfinder.json":
          Self.testResult(
            pkg: "com.example.scanner", clazz: "CameraStateTest", method: "grantedOpensViewfinder",
            device: Self.emulator,
            status: "FAILURE",
            stacktrace:
              "java.lang.AssertionError: viewfinder not shown\\n\\tat com.example.scanner.CameraStateTest.grantedOpensViewfinder(CameraStateTest.kt:40)"
          ),
      ], releaseDevices: ["Pixel 8 - 14"])
    let names = (run.json["devices"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(names.contains("sdk_gphone64_x86_64 - 15 (emulator-5554)"), "\(names)")
    let row = try #require(Self.row(run.json, "granted"))
    let failed = (row["findings"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "test-failed" }
    let message = failed?["message"] as? String ?? ""
    #expect(
      message.contains(
        "failed on sdk_gphone64_x86_64 - 15 (emulator-5554), which is none of the release devices: java.lang.AssertionError: viewfinder not shown"
      ), "\(message)")
    #expect(run.status == 1)
  }

  /// Marathon's iOS pool report: the receipt failed, then passed on retry (`flakyFailure`); the
  /// simulator's record names it by its UDID. The receipt is passed with `receipt-flaky`.
  @Test func aRetriedMarathonReceiptIsFlaky() throws {
    let simulator = Self.deviceInfo(
      serial: "5A1B2C3D-1111-2222-3333-444455556666@local", model: "iPhone17,3", os: "Unknown", manufacturer: "Apple")
    let run = try Self.run(
      [
        "marathon/tests/omni/marathon_junit_report.xml": Self.poolReport(cases: [
          Self.testcase("grantedOpensViewfinder", classname: "com.example.scanner.CameraStateTest"),
          Self.testcase(
            "firstScanShowsSystemDialog", classname: "com.example.scanner.CameraPromptReceiptTest",
            flaky: "XCTAssertTrue failed - system alert did not appear"),
        ]),
        "marathon/test_result/omni/5A1B2C3D-1111-2222-3333-444455556666-local/com.example.scanner.CameraPromptReceiptTest#firstScanShowsSystemDialog.json":
          Self.testResult(
            pkg: "com.example.scanner", clazz: "CameraPromptReceiptTest", method: "firstScanShowsSystemDialog",
            device: simulator),
        "marathon/test_result/omni/5A1B2C3D-1111-2222-3333-444455556666-local/com.example.scanner.CameraStateTest#grantedOpensViewfinder.json":
          Self.testResult(
            pkg: "com.example.scanner", clazz: "CameraStateTest", method: "grantedOpensViewfinder", device: simulator),
      ], releaseDevices: ["5A1B2C3D-1111-2222-3333-444455556666"])
    let flaky = try #require(Self.findings(run.json).first { $0["code"] as? String == "receipt-flaky" })
    #expect((flaky["message"] as? String)?.contains("on 5A1B2C3D-1111-2222-3333-444455556666") == true)
    #expect((flaky["message"] as? String)?.contains("system alert did not appear") == true)
    #expect(!Self.findings(run.json).contains { $0["code"] as? String == "device-unknown" })
    let strict = try Self.run(
      [
        "marathon/tests/omni/marathon_junit_report.xml": Self.poolReport(cases: [
          Self.testcase(
            "firstScanShowsSystemDialog", classname: "com.example.scanner.CameraPromptReceiptTest",
            flaky: "XCTAssertTrue failed - system alert did not appear")
        ])
      ], releaseDevices: [], flaky: "fail")
    #expect(
      Self.findings(strict.json).contains {
        $0["code"] as? String == "receipt-failed" && $0["severity"] as? String == "error"
      })
  }

  // MARK: The older layout

  /// `tests/<pool>/<serial>/` (Marathon's README layout): the folder's escaped adb serial is the
  /// device, and its device record, when kept, names it fully.
  @Test(arguments: [false, true])
  func theOlderLayoutNamesTheSerialOrItsDevice(withDeviceRecord: Bool) throws {
    var files = [
      "marathon/tests/omni/127.0.0.1-5037-emulator-5554/com.example.scanner.CameraStateTest#grantedOpensViewfinder.xml":
        #"<?xml version="1.0" encoding="UTF-8"?><testsuite name="common" tests="1" failures="0" errors="0" skipped="0" time="5.907" timestamp="2026-11-30T08:20:11"><testcase name="grantedOpensViewfinder" time="5.907" classname="com.example.scanner.CameraStateTest"></testcase></testsuite>"#
    ]
    if withDeviceRecord { files["marathon/devices/omni/127.0.0.1-5037-emulator-5554.json"] = Self.emulator }
    let expected = withDeviceRecord ? "sdk_gphone64_x86_64 - 15 (emulator-5554)" : "emulator-5554"
    let run = try Self.run(files, releaseDevices: [expected])
    let cells = (Self.row(run.json, "granted")?["devices"] as? [[String: Any]] ?? []).map {
      "\($0["device"] ?? ""): \($0["status"] ?? "")"
    }
    #expect(cells == ["\(expected): covered"], "\(cells)")
    let names = (run.json["devices"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(!names.contains("127.0.0.1-5037-emulator-5554"), "\(names)")
  }

  /// The older layout read from Marathon's own output folder (`stateproof report
  /// build/reports/marathon`), so no `marathon` folder is in the path (issue 46): the folder named
  /// as Marathon escapes adam's serial says it is Marathon's, and names `emulator-5554`.
  @Test func theOlderLayoutNeedsNoMarathonFolder() throws {
    // As Marathon's one-test writer wrote it: `testsuite` `common`, an empty `properties`.
    let suite = """
      <?xml version="1.0" encoding="UTF-8"?><testsuite name="common" tests="1" failures="0" errors="0" skipped="0" \
      time="5.907" timestamp="2026-11-30T08:20:11"><properties></properties><testcase \
      classname="com.example.scanner.CameraStateTest" name="grantedOpensViewfinder" time="5.907"></testcase></testsuite>
      """
    let file = "tests/omni/127.0.0.1-5037-emulator-5554/com.example.scanner.CameraStateTest#grantedOpensViewfinder.xml"
    let run = try Self.run([file: suite], releaseDevices: ["emulator-5554"])
    let cells = (Self.row(run.json, "granted")?["devices"] as? [[String: Any]] ?? []).map {
      "\($0["device"] ?? ""): \($0["status"] ?? "")"
    }
    #expect(cells == ["emulator-5554: covered"], "\(cells)")
    #expect(run.inspect.contains("marathon, 1 suites, 1 executions"), "\(run.inspect)")
    #expect(run.inspect.contains("devices: emulator-5554"), "\(run.inspect)")
  }

  // MARK: Reading

  @Test func aRecordIsReadAsItsTestOnItsDevice() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func outcome(_ text: String, path: String) -> MarathonRecordReader.Outcome {
      let file = DiscoveredFile(
        record: FileRecord(root: "r", path: path, kind: .runnerRecord, bytes: text.utf8.count, sha256: nil),
        url: folder.appendingPathComponent("x.json"))
      return MarathonRecordReader.read(Data(text.utf8), from: file)
    }
    guard
      case .record(let read) = outcome(
        Self.testResult(
          pkg: "", clazz: "CameraStateTest", method: "grantedOpensViewfinder", device: Self.pixel, status: "INCOMPLETE"),
        path: "test_result/omni/x/y.json")
    else {
      Issue.record("not read")
      return
    }
    #expect(read.execution?.classname == "CameraStateTest" && read.execution?.outcome == .failed)
    #expect(read.execution?.os == "API 34" && read.execution?.time == 5.907)
    #expect(read.device == "Pixel 8 - 14")
    if case .problem(let problem) = outcome(
      Self.testResult(pkg: "p", clazz: "C", method: "m", device: Self.pixel, status: "SOMETIMES"), path: "t.json")
    {
      #expect(problem.message.contains("status \"SOMETIMES\""))
    } else {
      Issue.record("an unknown status is a problem")
    }
    #expect(MarathonDevice.serial(fromFolder: "127.0.0.1-5037-emulator-5554") == "emulator-5554")
    #expect(MarathonDevice.serial(fromFolder: "R3GL206WKVZ") == "R3GL206WKVZ")
    #expect(MarathonDevice.adbSerial("localhost:5037:R3GL206WKVZ") == "R3GL206WKVZ")
    #expect(
      MarathonDevice.name(serial: "127.0.0.1:5037:R3GL206WKVZ", model: "Unknown", osVersion: "34", manufacturer: nil)
        == "R3GL206WKVZ")
  }
}
