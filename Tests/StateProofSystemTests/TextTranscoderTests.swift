import Foundation
import StateProofSystem
import StateProofTestSupport
import Testing

/// UTF-16 with its byte-order mark (what Windows PowerShell 5's `>` saves) and UTF-8 with one
/// become the UTF-8 of the same text, however the bytes are cut into chunks; Foundation's own
/// decoder is the reference.
@Suite struct TextTranscoderTests {
  /// ASCII, Latin, CJK and a character beyond the BMP (a surrogate pair in UTF-16), CRLF line ends.
  static let text = "Package [com.example.app]:\r\n  android.permission.CAMERA: granted=false\r\n  café 相机 📷 end\r\n"

  /// The file's bytes in `encoding`, with the byte-order mark Windows writes.
  static func file(_ text: String, _ encoding: TextTranscoder.Encoding) -> [UInt8] {
    switch encoding {
    case .utf8: [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    case .utf16LittleEndian: [0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!)
    case .utf16BigEndian: [0xFE, 0xFF] + Array(text.data(using: .utf16BigEndian)!)
    }
  }

  /// What the transcoder makes of `bytes` fed `step` bytes at a time, and its end's problem.
  static func transcoded(_ bytes: [UInt8], step: Int) -> (
    bytes: [UInt8], problem: TextEncodingProblem?, encoding: TextTranscoder.Encoding?
  ) {
    var transcoder = TextTranscoder()
    var output: [UInt8] = []
    var offset = 0
    while offset < bytes.count {
      let end = min(offset + step, bytes.count)
      bytes[offset..<end].withUnsafeBytes { transcoder.feed($0) { output += $0 } }
      offset = end
    }
    let problem = transcoder.finish { output += $0 }
    return (output, problem, transcoder.encoding)
  }

  @Test(arguments: [TextTranscoder.Encoding.utf8, .utf16LittleEndian, .utf16BigEndian])
  func everyChunkingGivesTheSameUTF8(encoding: TextTranscoder.Encoding) {
    let bytes = Self.file(Self.text, encoding)
    // Every step from one byte (each code unit and surrogate pair split) to all at once.
    for step in 1...bytes.count {
      let result = Self.transcoded(bytes, step: step)
      #expect(result.bytes == Array(Self.text.utf8), "step \(step)")
      #expect(result.problem == nil && result.encoding == encoding)
    }
  }

  /// Without a byte-order mark the bytes are UTF-8 (or whatever they are) and pass untouched,
  /// also when they are shorter than a mark or begin like one.
  @Test(arguments: [
    [UInt8](), [0xEF], [0xEF, 0xBB], [0xFF], [0xFE], Array("ab".utf8), [0xEF, 0xBB, 0x41], [0xFF, 0x41, 0x42],
    Array("granted=true\n".utf8), [0x00, 0x41, 0x00, 0x42],
  ])
  func bytesWithoutAMarkPassUntouched(bytes: [UInt8]) {
    for step in 1...max(1, bytes.count) {
      let result = Self.transcoded(bytes, step: step)
      #expect(result.bytes == bytes && result.problem == nil && result.encoding == .utf8)
    }
  }

  /// A file cut after an odd byte, or between the halves of a surrogate pair, is a problem
  /// naming the encoding; everything before the cut is still handed over.
  @Test(arguments: [TextTranscoder.Encoding.utf16LittleEndian, .utf16BigEndian])
  func aCutCharacterIsAProblem(encoding: TextTranscoder.Encoding) {
    let whole = Self.file("ab📷", encoding)
    for (cut, kept) in [(1, "ab"), (2, "ab"), (3, "ab"), (5, "a")] {
      for step in 1...whole.count - cut {
        let result = Self.transcoded(Array(whole.dropLast(cut)), step: step)
        #expect(String(decoding: result.bytes, as: UTF8.self) == kept, "cut \(cut), step \(step)")
        #expect(result.problem == .cutCharacter(encoding))
      }
    }
    #expect(
      "\(TextEncodingProblem.cutCharacter(.utf16LittleEndian))"
        == "the text is UTF-16LE (by its byte-order mark) and ends inside a character: it was cut short")
  }

  /// Unpaired surrogates become U+FFFD, counted, as Foundation's lenient decoding makes them.
  @Test func unpairedSurrogatesBecomeReplacementCharacters() {
    // "a", a lone high surrogate, "b", a lone low surrogate, "c".
    let units: [UInt16] = [0x61, 0xD83D, 0x62, 0xDCF7, 0x63]
    let bytes: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    var transcoder = TextTranscoder()
    var output: [UInt8] = []
    bytes.withUnsafeBytes { transcoder.feed($0) { output += $0 } }
    #expect(transcoder.finish { output += $0 } == nil)
    #expect(String(decoding: output, as: UTF8.self) == "a\u{FFFD}b\u{FFFD}c")
    #expect(transcoder.replaced == 2)
  }

  /// The pull side: a reader pulling through ``TranscodedSource`` gets the same UTF-8, whatever
  /// sizes it asks for and the source gives, and the cut as the source's error.
  @Test func transcodedSourceHandsOnTheSameBytes() throws {
    let long = String(repeating: Self.text, count: 3_000)
    let bytes = Self.file(long, .utf16LittleEndian)
    for (step, ask) in [(1, 7), (997, 1), (bytes.count, 65_536), (3, 100_000)] {
      var source = TranscodedSource(TrickleSource(bytes, step: step))
      var output: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: ask)
      while true {
        let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        if count == 0 { break }
        output += buffer[..<count]
      }
      #expect(output == Array(long.utf8), "step \(step), ask \(ask)")
    }
    var cut = TranscodedSource(TrickleSource(Array(bytes.dropLast()), step: 4096))
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    #expect(throws: ByteSourceError(reason: "\(TextEncodingProblem.cutCharacter(.utf16LittleEndian))")) {
      while try buffer.withUnsafeMutableBytes({ try cut.read(into: $0) }) > 0 {}
    }
  }
}
