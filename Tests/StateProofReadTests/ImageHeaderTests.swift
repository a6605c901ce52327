import Foundation
import Testing

@testable import StateProofRead

@Suite struct ImageHeaderTests {
  /// A minimal PNG header: signature plus an IHDR chunk with a correct CRC.
  static func pngHeader(width: UInt32, height: UInt32) -> Data {
    var chunk = Array("IHDR".utf8)
    for value in [width, height] { chunk += withUnsafeBytes(of: value.bigEndian, Array.init) }
    chunk += [8, 6, 0, 0, 0]
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + chunk
    bytes += withUnsafeBytes(of: CRC32.checksum(chunk).bigEndian, Array.init)
    return Data(bytes)
  }

  @Test func readsPNGDimensions() throws {
    let header = try ImageHeader.read(Self.pngHeader(width: 1080, height: 2400)).get()
    #expect(header == ImageHeader(format: .png, width: 1080, height: 2400))
  }

  @Test func rejectsCorruptedPNGHeader() {
    var data = Self.pngHeader(width: 10, height: 10)
    data[17] ^= 0xFF
    #expect(throws: ImageHeader.Problem.badChecksum) { try ImageHeader.read(data).get() }
  }

  @Test func rejectsLies() {
    #expect(throws: ImageHeader.Problem.empty) { try ImageHeader.read(Data()).get() }
    #expect(throws: ImageHeader.Problem.notAnImage) {
      try ImageHeader.read(Data("<html><body>not an image</body></html>".utf8)).get()
    }
    #expect(throws: ImageHeader.Problem.truncated) {
      try ImageHeader.read(Self.pngHeader(width: 1, height: 1).prefix(20)).get()
    }
    #expect(throws: ImageHeader.Problem.badDimensions(100_000, 10)) {
      try ImageHeader.read(Self.pngHeader(width: 100_000, height: 10)).get()
    }
  }

  @Test func readsJPEGStartOfFrame() throws {
    let bytes: [UInt8] = [
      0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00,  // SOI, APP0 of length 4
      0xFF, 0xC0, 0x00, 0x11, 0x08, 0x03, 0x20, 0x02, 0x58,  // SOF0: 800 high, 600 wide
    ]
    #expect(
      try ImageHeader.read(Data(bytes)).get() == ImageHeader(format: .jpeg, width: 600, height: 800))
    #expect(throws: ImageHeader.Problem.truncated) {
      try ImageHeader.read(Data(bytes.prefix(8))).get()
    }
  }
}
