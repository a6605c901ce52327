import Foundation
import Testing

@testable import StateProofCLI
@testable import StateProofKit

/// Evidence saved as UTF-16 with its byte-order mark and CRLF line ends (what Windows
/// PowerShell 5's `>` writes), or as UTF-8 with a mark, reads exactly like its UTF-8 twin: the
/// complete example's report is the same, rows, findings and verdict, but for the files' sizes
/// and digests; a read-back cut after an odd byte is named, not a crash.
@Suite(.temporaryFolders) struct TextEncodingScenarioTests {
  /// The example's files StateProof reads as text: the seed logs, xcresulttool's JSON, the
  /// attachments manifest and the JUnit XML (which libxml2 decodes itself).
  static func textFiles(_ scenario: ExampleScenario) -> [String] {
    scenario.files(endingIn: ".log") + scenario.files(endingIn: ".json").filter { $0.hasPrefix("ios/") }
      + scenario.files(endingIn: ".xml")
  }

  /// `text` saved as `encoding` with its byte-order mark; a UTF-16 text with CRLF line ends
  /// (and, for XML, a declaration that says so).
  static func saved(_ text: String, as encoding: String) -> Data {
    let crlf = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
    let declared = crlf.replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="UTF-16""#)
    return switch encoding {
    case "UTF-16LE": Data([0xFF, 0xFE]) + declared.data(using: .utf16LittleEndian)!
    case "UTF-16BE": Data([0xFE, 0xFF]) + declared.data(using: .utf16BigEndian)!
    default: Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
    }
  }

  /// What must not change: everything but the files' sizes and digests (and when it was made).
  static func compared(_ json: [String: Any]) -> NSDictionary {
    var json = json
    json["evidence"] = (json["evidence"] as? [[String: Any]] ?? []).map { file in
      file.filter { $0.key != "bytes" && $0.key != "sha256" }
    }
    json["provenance"] = nil
    return json as NSDictionary
  }

  @Test(arguments: ["UTF-16LE", "UTF-16BE", "UTF-8 with a byte-order mark"])
  func theExampleSavedInAnotherEncodingReportsTheSame(encoding: String) throws {
    let scenario = try ExampleScenario.complete()
    let (twinStatus, twinReport, twin) = try scenario.report()
    #expect(twinStatus == 0 && twinReport.verdict == .ready)
    let files = Self.textFiles(scenario)
    #expect(files.count == 13, "12 text files and the merged AndroidManifest.xml")
    for path in files {
      try Self.saved(try scenario.read(path), as: encoding).write(to: scenario.url(path))
    }
    let (status, _, json) = try scenario.report()
    #expect(status == twinStatus)
    #expect(Self.compared(json) == Self.compared(twin))
  }

  /// One read-back cut after an odd byte (a download that stopped short): the file is named as
  /// unreadable evidence saying why, and the rest of the evidence still reads.
  @Test func aCutReadBackIsUnreadableEvidence() throws {
    let scenario = try ExampleScenario.complete()
    let path = "android/seed/seed-camera-blocked.log"
    try Self.saved(try scenario.read(path), as: "UTF-16LE").dropLast().write(to: scenario.url(path))
    let (status, report, json) = try scenario.report()
    #expect(status == 1)
    let unreadable = (json["findings"] as? [[String: Any]] ?? []).filter {
      $0["code"] as? String == "unreadable-evidence"
    }
    #expect(unreadable.map { $0["files"] as? [String] } == [[path]])
    #expect(
      (unreadable.first?["message"] as? String)?.contains(
        "the text is UTF-16LE (by its byte-order mark) and ends inside a character: it was cut short") == true)
    #expect(report.status("android/camera/not-asked") == .covered)
  }

  /// `seed-check` reads the capture PowerShell saved, from a file and from standard input, as
  /// it reads the UTF-8 twin; cut short, it says so and exits 2.
  @Test func seedCheckReadsAPowerShellCapture() throws {
    let text = """
      Packages:
        Package [com.example.scanner] (a1b2c3):
          User 0: ceDataInode=1 installed=true hidden=false suspended=false
            runtime permissions:
              android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED|USER_SENSITIVE_WHEN_GRANTED]

      """
    let arguments = ["seed-check", "--package", "com.example.scanner", "--permission", "camera", "--want", "blocked"]
    let twin = TestSupport.run(arguments, input: Data(text.utf8))
    #expect(twin.status == 0 && twin.output.hasPrefix("android.permission.CAMERA: granted=false"))
    let saved = Self.saved(text, as: "UTF-16LE")
    let file = try TestSupport.temporaryFolder().appendingPathComponent("seeds.txt")
    try saved.write(to: file)
    #expect(TestSupport.run(arguments + [file.path]) == twin)
    #expect(TestSupport.run(arguments, input: saved) == twin)
    let cut = TestSupport.run(arguments, input: saved.dropLast())
    #expect(cut.status == 2)
    #expect(cut.errors.contains("the text is UTF-16LE (by its byte-order mark) and ends inside a character"))
  }
}
