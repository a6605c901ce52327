import Foundation
import Testing
import StateProofSystem

@testable import StateProofKit

/// The PNG the HTML report shows a HEIC screenshot as: checked chunk by chunk, and its pixels
/// inflated again by an independent zlib (Python's).
@Suite struct PNGEncoderTests {
  static func pixels(width: Int, height: Int, channels: Int) -> [UInt8] {
    (0..<(width * height * channels)).map { UInt8(truncatingIfNeeded: $0 * 7 / 3 + ($0 / (width * channels)) * 13) }
  }

  static func encode(_ pixels: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
    pixels.withUnsafeBytes {
      PNGEncoder.encode(width: width, height: height, channels: channels, pixels: $0, stride: width * channels)
    }
  }

  /// The chunks of a PNG: type and data, each CRC checked.
  static func chunks(_ png: [UInt8]) -> [(String, [UInt8])] {
    var chunks: [(String, [UInt8])] = []
    var offset = 8
    while offset + 12 <= png.count {
      let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let typed = Array(png[(offset + 4)..<(offset + 8 + length)])
      var crc = CRC32()
      typed.withUnsafeBytes { crc.update($0) }
      let stored = png[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      #expect(crc.value == stored)
      chunks.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
      offset += 12 + length
    }
    #expect(offset == png.count)
    return chunks
  }

  @Test func writesSignatureHeaderDataAndEnd() {
    let png = Self.encode(Self.pixels(width: 5, height: 3, channels: 3), width: 5, height: 3, channels: 3)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let chunks = Self.chunks(png)
    #expect(chunks.map(\.0) == ["IHDR", "IDAT", "IEND"])
    #expect(chunks[0].1 == [0, 0, 0, 5, 0, 0, 0, 3, 8, 2, 0, 0, 0])
    let stream = chunks[1].1
    #expect((Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
    let rgba = Self.encode(Self.pixels(width: 2, height: 2, channels: 4), width: 2, height: 2, channels: 4)
    #expect(Self.chunks(rgba)[0].1[9] == 6)
  }

  @Test func theSamePixelsGiveTheSameBytes() {
    let pixels = Self.pixels(width: 300, height: 200, channels: 3)
    #expect(
      Self.encode(pixels, width: 300, height: 200, channels: 3)
        == Self.encode(pixels, width: 300, height: 200, channels: 3))
  }

  @Test func aStrideWiderThanARowIsSkipped() {
    // Rows of 4 RGB pixels stored 16 bytes apart: the 4 padding bytes never reach the image.
    let packed = Self.pixels(width: 4, height: 3, channels: 3)
    var padded: [UInt8] = []
    for row in 0..<3 { padded += packed[(row * 12)..<(row * 12 + 12)] + [0xEE, 0xEE, 0xEE, 0xEE] }
    let fromPadded = padded.withUnsafeBytes {
      PNGEncoder.encode(width: 4, height: 3, channels: 3, pixels: $0, stride: 16)
    }
    #expect(fromPadded == Self.encode(packed, width: 4, height: 3, channels: 3))
  }

  @Test func zlibInflatesItToThePixels() throws {
    let python = try #require(
      ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }, "python3's zlib checks the stream")
    let (width, height) = (257, 130)
    let pixels = Self.pixels(width: width, height: height, channels: 3)
    let stream = Self.chunks(Self.encode(pixels, width: width, height: height, channels: 3))[1].1
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(stream))
    try input.fileHandleForWriting.close()
    let inflated = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    var expected: [UInt8] = []
    for row in 0..<height { expected += [0] + pixels[(row * width * 3)..<((row + 1) * width * 3)] }
    #expect(inflated == expected)
  }
}
