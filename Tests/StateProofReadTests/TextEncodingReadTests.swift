import Foundation
import StateProofModel
import StateProofSystem
import StateProofTestSupport
import Testing

@testable import StateProofRead

/// A read-back saved by Windows PowerShell 5 (`adb shell dumpsys package … > seeds.txt`: UTF-16LE
/// with its byte-order mark, CRLF) reads exactly like its UTF-8 twin, line numbers included, from
/// a file and from memory, as a seed log, by `seed-check` and as seed records; so do UTF-16BE and
/// UTF-8 with a byte-order mark. The fixture `android14-multiuser-powershell.txt` is the corpus
/// capture `a14-grapheneos-multiuser.txt` (GrapheneOS, Android 14) with CRLF line ends, through
/// `iconv -t UTF-16LE`, after the mark FF FE.
@Suite(.temporaryFolders) struct TextEncodingReadTests {
  static func powerShell() throws -> Data { try Fixture.data("android14-multiuser-powershell.txt") }

  /// The same text as UTF-8, decoded by Foundation (which reads the mark).
  static func twin() throws -> Data {
    Data(try #require(String(data: try powerShell(), encoding: .utf16)).utf8)
  }

  /// `text` (UTF-8) saved with a byte-order mark in another encoding.
  static func saved(_ text: Data, as encoding: String) -> Data {
    let string = String(decoding: text, as: UTF8.self)
    return switch encoding {
    case "UTF-16LE": Data([0xFF, 0xFE]) + string.data(using: .utf16LittleEndian)!
    case "UTF-16BE": Data([0xFE, 0xFF]) + string.data(using: .utf16BigEndian)!
    default: Data([0xEF, 0xBB, 0xBF]) + text
    }
  }

  func file(_ data: Data) throws -> RegularFile {
    let url = try TemporaryFolder.make().appendingPathComponent("seeds.txt")
    try data.write(to: url)
    return try RegularFile.open(url.path).get()
  }

  @Test func thePowerShellCaptureReadsAsItsUTF8Twin() throws {
    let twin = SeedLogReader.read(try Self.twin(), from: Fixture.file("seeds.txt"))
    #expect(twin.seeds.count > 30 && twin.problems.isEmpty)
    let fromFile = SeedLogReader.read(try file(try Self.powerShell()), from: Fixture.file("seeds.txt"))
    #expect(fromFile.seeds == twin.seeds && fromFile.problems == twin.problems && fromFile.packages == twin.packages)
    let inMemory = SeedLogReader.read(try Self.powerShell(), from: Fixture.file("seeds.txt"))
    #expect(inMemory.seeds == twin.seeds)
  }

  @Test(arguments: ["UTF-16LE", "UTF-16BE", "UTF-8 with a byte-order mark"])
  func otherEncodingsReadAsTheTwinToo(encoding: String) throws {
    // A damaged line, so a problem's line number is compared too.
    var text = try Self.twin()
    text += Data("      android.permission.CAMERA: granted=true, flags=[ USER_SET|\r\n".utf8)
    let twin = SeedLogReader.read(text, from: Fixture.file("seeds.txt"))
    #expect(twin.problems.count == 1)
    let saved = SeedLogReader.read(try file(Self.saved(text, as: encoding)), from: Fixture.file("seeds.txt"))
    #expect(saved.seeds == twin.seeds && saved.problems == twin.problems)
  }

  @Test func seedCheckReadsThePowerShellCaptureFromAFileAndFromStandardInput() throws {
    let expected = try SeedCheck.check(
      dump: try Self.twin(), permission: "camera", want: "blocked", package: "app.vanadium.browser")
    #expect(expected.taken && expected.lines.first?.number == 41)
    let fromFile = try SeedCheck.check(
      file: try file(try Self.powerShell()), permission: "camera", want: "blocked", package: "app.vanadium.browser")
    let fromInput = try SeedCheck.check(
      dump: try Self.powerShell(), permission: "camera", want: "blocked", package: "app.vanadium.browser")
    #expect(fromFile == expected && fromInput == expected)
  }

  /// A capture cut after an odd byte is read up to the cut and says so; never a crash.
  @Test func aCutCaptureIsAProblem() throws {
    let cut = try Self.powerShell().dropLast()
    let read = SeedLogReader.read(try file(Data(cut)), from: Fixture.file("seeds.txt"))
    #expect(read.seeds.count == SeedLogReader.read(try Self.twin(), from: Fixture.file("seeds.txt")).seeds.count)
    #expect(
      read.problems.map(\.message) == [
        "the text is UTF-16LE (by its byte-order mark) and ends inside a character: it was cut short"
      ])
    #expect(throws: SeedCheckError.unreadable("\(TextEncodingProblem.cutCharacter(.utf16LittleEndian))")) {
      try SeedCheck.check(dump: Data(cut), permission: "camera", want: "blocked", package: "app.vanadium.browser")
    }
  }

  /// `seed-check --record` lines saved again by PowerShell (`Get-Content a.jsonl > b.jsonl`).
  @Test func seedRecordsInUTF16ReadAsInUTF8() throws {
    let record = try SeedCheck.check(
      dump: try Self.twin(), permission: "camera", want: "blocked", package: "app.vanadium.browser"
    ).record(time: "2026-01-05T10:00:00Z", sdk: 34).jsonLine()
    let lines = Data((record + "\r\n" + "{\"broken\r\n" + record + "\r\n").utf8)
    let twin = SeedRecordReader.read(lines, from: Fixture.file("seeds.jsonl", kind: .seedRecord))
    #expect(twin.seeds.count == 2 && twin.problems.map(\.location.line) == [2])
    let saved = SeedRecordReader.read(
      try file(Self.saved(lines, as: "UTF-16LE")), from: Fixture.file("seeds.jsonl", kind: .seedRecord))
    #expect(saved.seeds == twin.seeds && saved.problems == twin.problems)
  }

  /// The JSON evidence readers pull through the same transcoding: a Marathon device record (Gson)
  /// saved as UTF-16 names its device as the UTF-8 one does.
  @Test func jsonEvidenceInUTF16ReadsAsInUTF8() throws {
    let record = Data(
      #"{"operatingSystem":{"version":"34"},"serialNumber":"127.0.0.1:5037:R3GL206WKVZ","model":"Pixel 8","manufacturer":"Google","networkState":"CONNECTED","deviceFeatures":["SCREENSHOT"],"healthy":true}"#
        .utf8)
    func read(_ data: Data) throws -> [String] {
      let url = try TemporaryFolder.make().appendingPathComponent("127.0.0.1-5037-R3GL206WKVZ.json")
      try data.write(to: url)
      let set = EvidenceReader.read(
        Fixture.file("devices/omni/127.0.0.1-5037-R3GL206WKVZ.json", kind: .runnerRecord, url: url))
      #expect(set.problems.isEmpty)
      return set.files[0].devices
    }
    let twin = try read(record)
    #expect(twin.count == 1)
    #expect(try read(Self.saved(record, as: "UTF-16LE")) == twin)
    #expect(try read(Self.saved(record, as: "UTF-16BE")) == twin)
  }
}
