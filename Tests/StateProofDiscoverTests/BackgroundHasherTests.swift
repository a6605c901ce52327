import Foundation
import Testing
import StateProofSystem

@testable import StateProofDiscover

/// SHA-256 on a second thread gives the same digest as hashing in place, however the bytes are cut.
@Suite struct BackgroundHasherTests {
  static let data = Data((0..<1_000_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })

  @Test(arguments: [1_000, 4096, 65_536, 300_000])
  func matchesTheDigestOfTheWhole(piece: Int) {
    // Two small slots: pieces longer than a slot are split, and the writer waits for free slots.
    let hasher = BackgroundHasher(slots: 2, slotSize: 100_000)
    var offset = 0
    Self.data.withUnsafeBytes { bytes in
      while offset < bytes.count {
        let end = min(offset + piece, bytes.count)
        hasher.update(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
        offset = end
      }
    }
    #expect(hasher.finalize() == SHA256.hex(of: Self.data))
  }

  @Test func hashesNothingLikeAnEmptyFile() {
    #expect(BackgroundHasher().finalize() == SHA256.hex(of: Data()))
  }
}
