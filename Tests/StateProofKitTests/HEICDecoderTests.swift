import Foundation
import Testing

@testable import StateProofKit
import StateProofTestSupport

/// The HEIC decoder boundary (libheif on Linux, ImageIO on macOS) on a real screenshot and on
/// bytes that are not one.
@Suite struct HEICDecoderTests {
  static let fixture = TestFiles.readerFixture("heic/xcresultkit-screenshot.heic")

  @Test func decodesARealScreenshotIntoAPNG() throws {
    let heic = try Data(contentsOf: Self.fixture)
    let image = try HEICDecoder.png(from: heic).get()
    #expect(image.width == 750)
    #expect(image.height == 1334)
    #expect(image.png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // An RGB PNG: colour type 2 in IHDR, made at display size (480 wide, the height in proportion).
    #expect(image.png[25] == 2)
    #expect(Array(image.png[16..<24]) == [0, 0, 1, 0xE0, 0, 0, 3, 0x56])
    #expect(try HEICDecoder.png(from: heic).get().png == image.png)
  }

  @Test func bytesThatAreNoHEICAreAFailureNotACrash() throws {
    let heic = try Data(contentsOf: Self.fixture)
    let cases: [Data] = [
      Data(), Data("not an image".utf8), heic.prefix(24), heic.prefix(800),
      heic.prefix(1200) + Data(repeating: 0, count: 9000),
    ]
    for bytes in cases {
      guard case .failure(let failure) = HEICDecoder.png(from: bytes) else {
        Issue.record("\(bytes.count) bytes decoded")
        continue
      }
      #expect(!failure.reason.isEmpty)
    }
  }

  /// A HEIC whose header declares more than the pixel limit is never decoded: a link with a note.
  @Test func aHEICAboveThePixelLimitIsNotDecoded() throws {
    let heic = Self.fixture.deletingLastPathComponent().appendingPathComponent("grey-5000x4000.heic")
    let data = try Data(contentsOf: heic)
    guard case .failure(let failure) = HEICDisplay.declaredPixels(data) else {
      Issue.record("a 20 MP HEIC passed the limit")
      return
    }
    #expect(failure.reason == "it is 5000×4000 pixels, above the 16-megapixel limit for showing it")
    #expect(try HEICDisplay.declaredPixels(try Data(contentsOf: Self.fixture)).get() == 750 * 1334)
  }
}
