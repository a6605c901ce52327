/// A SHA-256 as ``FileRecord`` (and `verify`'s list) keeps it: the 32 bytes of 64 lowercase hex digits, the text made
/// again when asked for, so a report of 1,000,000 files does not hold 1,000,000 strings of hex.
/// Any other text (a `report.json` read back may hold anything) is kept as it was given.
package struct DigestText: Hashable, Sendable {
  private enum Storage: Hashable, Sendable {
    case bytes(UInt64, UInt64, UInt64, UInt64)
    case text(String)
  }

  private let storage: Storage

  package init(_ text: String) {
    storage = Self.words(text).map { .bytes($0.0, $0.1, $0.2, $0.3) } ?? .text(text)
  }

  /// The text it was made from.
  package var text: String {
    switch storage {
    case .text(let text): return text
    case .bytes(let a, let b, let c, let d):
      let digits = Array("0123456789abcdef".utf8)
      return String(unsafeUninitializedCapacity: 64) { buffer in
        for (index, word) in [a, b, c, d].enumerated() {
          for nibble in 0..<16 {
            buffer[index * 16 + nibble] = digits[Int((word >> UInt64(60 - nibble * 4)) & 0x0F)]
          }
        }
        return 64
      }
    }
  }

  /// The four big-endian words of 64 lowercase hex digits; nil for any other text.
  private static func words(_ text: String) -> (UInt64, UInt64, UInt64, UInt64)? {
    var words: [UInt64] = []
    words.reserveCapacity(4)
    var word: UInt64 = 0
    var count = 0
    for byte in text.utf8 {
      let value: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      count += 1
      guard count <= 64 else { return nil }
      word = word << 4 | UInt64(value)
      if count % 16 == 0 {
        words.append(word)
        word = 0
      }
    }
    return count == 64 ? (words[0], words[1], words[2], words[3]) : nil
  }
}
