import Testing

@testable import StateProofArchive

/// The zlib stream PNG's image data is: RFC 1950's header and Adler-32 around the DEFLATE, the same
/// however the bytes are handed in (PNGEncoderTests inflates a whole stream with Python's zlib).
@Suite struct ZlibEncoderTests {
  static func stream(_ pieces: [[UInt8]]) -> [UInt8] {
    let zlib = ZlibEncoder()
    for piece in pieces { piece.withUnsafeBytes { zlib.write($0) } }
    return zlib.finish()
  }

  @Test func headerAndAdler32FrameTheDeflate() {
    let stream = Self.stream([Array("abc".utf8)])
    #expect(Array(stream.prefix(2)) == [0x78, 0x9C])
    // Adler-32 of "abc" is 0x024D0127: A = 1 + 97 + 98 + 99 = 295, B = 98 + 196 + 295 = 589.
    #expect(Array(stream.suffix(4)) == [0x02, 0x4D, 0x01, 0x27])
  }

  @Test func piecesGiveTheSameStreamAsTheWhole() {
    let whole = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31 ^ $0 >> 7) }
    let pieces = stride(from: 0, to: whole.count, by: 997).map { Array(whole[$0..<min($0 + 997, whole.count)]) }
    #expect(Self.stream(pieces) == Self.stream([whole]))
  }
}
