import Foundation
import StateProofModel
import Testing

@testable import StateProofDiscover

/// A text file saved as UTF-16 with its byte-order mark (Windows PowerShell 5's `>`) or as UTF-8
/// with one is sniffed like its UTF-8 twin, however it is cut into chunks; UTF-16 that is no text
/// is still binary data.
@Suite struct ContentSnifferEncodingTests {
  static let readBack = """
    Packages:\r
      Package [com.example.app] (1a2b3c):\r
        User 0: ceDataInode=1 installed=true\r
          runtime permissions:\r
            android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED]\r

    """
  static let junit = #"<?xml version="1.0" encoding="UTF-16"?><testsuite name="s" tests="0"/>"#

  static func encoded(_ text: String, _ mark: String) -> Data {
    switch mark {
    case "utf-16le": Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!
    case "utf-16be": Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!
    case "utf-8 bom": Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
    default: Data(text.utf8)
    }
  }

  static func sniffed(_ bytes: Data, name: String, chunk: Int) -> ContentSniffer {
    var sniffer = ContentSniffer(fileName: name)
    var offset = 0
    while offset < bytes.count {
      sniffer.feed(bytes.subdata(in: offset..<min(offset + chunk, bytes.count)))
      offset += chunk
    }
    sniffer.finish()
    return sniffer
  }

  @Test(arguments: ["utf-16le", "utf-16be", "utf-8 bom", "utf-8"])
  func readBacksReportsAndJSONAreSniffedInAnyEncoding(mark: String) {
    for chunk in [1, 2, 3, 7, 4096] {
      #expect(Self.sniffed(Self.encoded(Self.readBack, mark), name: "seeds.txt", chunk: chunk).kind == .seedLog)
      #expect(Self.sniffed(Self.encoded(Self.junit, mark), name: "TEST-x.xml", chunk: chunk).kind == .junit)
      let json = Self.sniffed(Self.encoded(#"{"unrelated": 1}"#, mark), name: "x.json", chunk: chunk)
      #expect(json.otherReason?.hasPrefix("JSON in none of the shapes StateProof reads;") == true)
      let text = Self.sniffed(Self.encoded("hello\r\n", mark), name: "notes.txt", chunk: chunk)
      #expect(text.otherReason?.hasPrefix("text with no dumpsys permission line") == true)
    }
  }

  /// Bytes after a UTF-16 mark that hold unpaired surrogates are no text; a mark alone is an
  /// empty text.
  @Test func utf16ThatIsNoTextIsBinary() {
    let noise = Data([0xFF, 0xFE] + (0..<512).flatMap { [UInt8(truncatingIfNeeded: $0 &* 37), 0xD8 | UInt8($0 & 3)] })
    #expect(Self.sniffed(noise, name: "capture.bin", chunk: 100).otherReason?.hasPrefix("binary data (.bin);") == true)
    #expect(
      Self.sniffed(Data([0xFF, 0xFE]), name: "seeds.txt", chunk: 1).otherReason?.hasPrefix("an empty file;") == true)
  }
}
