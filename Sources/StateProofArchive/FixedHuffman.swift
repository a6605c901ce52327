/// The fixed Huffman codes of RFC 1951 (section 3.2.6) as ready-to-write bit patterns. Each entry
/// holds the code with its bits reversed (DEFLATE sends a code from its most significant bit, into
/// a stream filled from the least significant one), then any extra bits, and in its top byte how
/// many bits there are in all.
enum FixedHuffman {
  /// Literal bytes, indexed by value.
  static let literals: [UInt32] = (0..<256).map(symbol)
  /// Symbol 256, which ends a block.
  static let endOfBlock = symbol(256)
  /// Match lengths 3...258, indexed by length.
  static let lengths: [UInt32] = table(
    count: 259, firstCode: { symbol(257 + $0) },
    bases: [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258],
    extraBits: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0])
  /// Match distances 1...32768, indexed by distance.
  static let distances: [UInt32] = table(
    count: 32769, firstCode: { pack(reversed($0, 5), 5) },
    bases: [
      1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
      4097, 6145, 8193, 12289, 16385, 24577,
    ],
    extraBits: [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13])

  /// How many bits an entry stands for.
  @inline(__always) static func count(_ entry: UInt32) -> Int { Int(entry >> 24) }
  /// The bits of an entry, first bit lowest.
  @inline(__always) static func bits(_ entry: UInt32) -> UInt32 { entry & 0xFF_FFFF }

  /// The literal/length code of `symbol` (0...287).
  private static func symbol(_ symbol: Int) -> UInt32 {
    switch symbol {
    case 0...143: pack(reversed(0x30 + symbol, 8), 8)
    case 144...255: pack(reversed(0x190 + symbol - 144, 9), 9)
    case 256...279: pack(reversed(symbol - 256, 7), 7)
    default: pack(reversed(0xC0 + symbol - 280, 8), 8)
    }
  }

  /// Entries for every value from each base on, coded by `firstCode(index of the base)` followed
  /// by the value's offset from its base in `extraBits` bits. A later base wins a shared value
  /// (length 258 has its own code, 285, though code 284's range reaches it).
  private static func table(count: Int, firstCode: (Int) -> UInt32, bases: [Int], extraBits: [Int]) -> [UInt32] {
    var entries = [UInt32](repeating: 0, count: count)
    for (index, base) in bases.enumerated() {
      let code = firstCode(index)
      for offset in 0..<(1 << extraBits[index]) where base + offset < count {
        entries[base + offset] = pack(bits(code) | UInt32(offset) << Self.count(code), Self.count(code) + extraBits[index])
      }
    }
    return entries
  }

  private static func reversed(_ code: Int, _ width: Int) -> UInt32 {
    (0..<width).reduce(UInt32(0)) { result, bit in result << 1 | UInt32(code >> bit & 1) }
  }

  private static func pack(_ bits: UInt32, _ count: Int) -> UInt32 {
    bits | UInt32(count) << 24
  }
}
