import Foundation
import Testing

@testable import StateProofKit

/// The HEIC decoder boundary (libheif on Linux, ImageIO on macOS) on a real screenshot and on
/// bytes that are not one.
@Suite struct HEICDecoderTests {
  static let fixture = TestSupport.repositoryRoot
    .appendingPathComponent("Tests/StateProofReadTests/Fixtures/heic/xcresultkit-screenshot.heic")

  @Test func decodesARealScreenshotIntoAPNG() throws {
    let heic = try Data(contentsOf: Self.fixture)
    let image = try HEICDecoder.png(from: heic).get()
    #expect(image.width == 750)
    #expect(image.height == 1334)
    #expect(image.png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // An RGB PNG: colour type 2 in IHDR.
    #expect(image.png[25] == 2)
    #expect(try HEICDecoder.png(from: heic).get().png == image.png)
  }

  @Test func bytesThatAreNoHEICAreAFailureNotACrash() throws {
    let heic = try Data(contentsOf: Self.fixture)
    let cases: [Data] = [
      Data(), Data("not an image".utf8), heic.prefix(24), heic.prefix(800), heic.prefix(1200) + Data(repeating: 0, count: 9000),
    ]
    for bytes in cases {
      guard case .failure(let failure) = HEICDecoder.png(from: bytes) else {
        Issue.record("\(bytes.count) bytes decoded")
        continue
      }
      #expect(!failure.reason.isEmpty)
    }
  }
}
