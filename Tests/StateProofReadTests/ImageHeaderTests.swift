import Foundation
import Testing
import StateProofSystem

@testable import StateProofRead
import StateProofTestSupport

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
    let header = try ImageHeader.read(Self.pngHeader(width: 1080, height: 2400))
    #expect(header == ImageHeader(format: .png, width: 1080, height: 2400))
  }

  @Test func rejectsCorruptedPNGHeader() {
    var data = Self.pngHeader(width: 10, height: 10)
    data[17] ^= 0xFF
    #expect(throws: ImageHeader.Problem.badChecksum) { try ImageHeader.read(data) }
  }

  @Test func rejectsLies() {
    #expect(throws: ImageHeader.Problem.empty) { try ImageHeader.read(Data()) }
    #expect(throws: ImageHeader.Problem.notAnImage) {
      try ImageHeader.read(Data("<html><body>not an image</body></html>".utf8))
    }
    #expect(throws: ImageHeader.Problem.truncated) {
      try ImageHeader.read(Self.pngHeader(width: 1, height: 1).prefix(20))
    }
    #expect(throws: ImageHeader.Problem.badDimensions(100_000, 10)) {
      try ImageHeader.read(Self.pngHeader(width: 100_000, height: 10))
    }
  }

  @Test func readsJPEGStartOfFrame() throws {
    let bytes: [UInt8] = [
      0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00,  // SOI, APP0 of length 4
      0xFF, 0xC0, 0x00, 0x11, 0x08, 0x03, 0x20, 0x02, 0x58,  // SOF0: 800 high, 600 wide
    ]
    #expect(
      try ImageHeader.read(Data(bytes)) == ImageHeader(format: .jpeg, width: 600, height: 800))
    #expect(throws: ImageHeader.Problem.truncated) {
      try ImageHeader.read(Data(bytes.prefix(8)))
    }
  }

  static let heicFixture = TestFiles.readerFixture("heic/xcresultkit-screenshot.heic")

  /// An `ftyp` box with `major` and `compatible` brands.
  static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
    let body = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
    return [0, 0, 0, UInt8(8 + body.count)] + Array("ftyp".utf8) + body
  }

  @Test func readsARealHEICsSizeFromItsPrimaryItem() throws {
    // A 750×1334 grid of 512×512 tiles: the grid's `ispe`, not a tile's.
    let header = try ImageHeader.read(try Data(contentsOf: Self.heicFixture))
    #expect(header == ImageHeader(format: .heic, width: 750, height: 1334))
  }

  @Test func recognisesHEICByItsBrands() throws {
    #expect(try ImageHeader.read(Data(Self.ftyp("mif1", ["mif1", "heic"]))).format == .heic)
    #expect(try ImageHeader.read(Data(Self.ftyp("msf1", ["msf1"]))).format == .heic)
    #expect(try ImageHeader.read(Data(Self.ftyp("heix", []))) == ImageHeader(format: .heic, width: 0, height: 0))
    // AVIF is HEIF too, but not HEIC; MP4 has an ftyp box as well.
    #expect(throws: ImageHeader.Problem.notAnImage) { try ImageHeader.read(Data(Self.ftyp("avif", ["mif1", "avif"]))) }
    #expect(throws: ImageHeader.Problem.notAnImage) { try ImageHeader.read(Data(Self.ftyp("mif1", ["avif"]))) }
    #expect(throws: ImageHeader.Problem.notAnImage) { try ImageHeader.read(Data(Self.ftyp("isom", ["mp41"]))) }
    // A box that claims more bytes than there are.
    var lying = Self.ftyp("heic", [])
    lying[3] = 200
    #expect(throws: ImageHeader.Problem.notAnImage) { try ImageHeader.read(Data(lying)) }
  }

  @Test func aHEICsLyingSizeIsRefusedAndCutBytesNeverCrash() throws {
    let real = [UInt8](try Data(contentsOf: Self.heicFixture))
    // The grid's ispe says 750×1334; make it claim 100000 wide.
    var lying = real
    let ispe = try #require((0..<(real.count - 16)).last { real[$0..<($0 + 4)].elementsEqual(Array("ispe".utf8)) })
    lying[ispe + 8] = 0x00
    lying[ispe + 9] = 0x01
    lying[ispe + 10] = 0x86
    lying[ispe + 11] = 0xA0
    #expect(throws: ImageHeader.Problem.badDimensions(100_000, 1334)) { try ImageHeader.read(Data(lying)) }
    // Every prefix, and every byte of the boxes flipped: a header or a problem, never a trap.
    for length in stride(from: 0, through: 800, by: 7) { _ = try? ImageHeader.read(Data(real.prefix(length))) }
    for index in 0..<800 {
      var flipped = real
      flipped[index] ^= 0xFF
      _ = try? ImageHeader.read(Data(flipped))
    }
  }
}
