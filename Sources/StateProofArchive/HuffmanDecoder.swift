/// A canonical Huffman code (RFC 1951, section 3.2.2) for decoding: one table indexed by the next
/// `bits` bits of the stream (least significant first, as DEFLATE packs them), each entry the
/// symbol and its code's length, so a symbol costs one lookup. An entry of 0 is a bit pattern no
/// code starts with (an incomplete code's gap): decoding it is an error, never a guess.
struct HuffmanDecoder {
  /// `symbol << 4 | length` per bit pattern.
  private let table: [UInt16]
  /// The longest code's length: the table has `1 << bits` entries.
  let bits: Int

  /// The decoder of fixed-Huffman blocks' literals and lengths (section 3.2.6).
  static let fixedLiterals = try! HuffmanDecoder(
    lengths: [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112) + [UInt8](repeating: 7, count: 24)
      + [UInt8](repeating: 8, count: 8))
  /// The decoder of fixed-Huffman blocks' distances: five bits each.
  static let fixedDistances = try! HuffmanDecoder(lengths: [UInt8](repeating: 5, count: 32))

  /// The decoder for each symbol's code length (0: the symbol has no code; at most 15). An
  /// over-subscribed set of lengths (more codes than the lengths leave room for) is refused.
  init(lengths: [UInt8]) throws(InflateError) {
    var counts = [Int](repeating: 0, count: 16)
    for length in lengths where length > 0 { counts[Int(length)] += 1 }
    var room = 1
    for length in 1..<16 {
      room = room << 1 - counts[length]
      guard room >= 0 else { throw .invalidCodeLengths(reason: "more codes than their lengths allow") }
    }
    let bits = lengths.max().map(Int.init) ?? 0
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for length in 1..<16 {
      code = (code + counts[length - 1]) << 1
      next[length] = code
    }
    var table = [UInt16](repeating: 0, count: 1 << bits)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      let width = Int(length)
      var reversed = 0
      var value = next[width]
      for _ in 0..<width {
        reversed = reversed << 1 | value & 1
        value >>= 1
      }
      next[width] += 1
      let entry = UInt16(symbol << 4 | width)
      for index in stride(from: reversed, to: table.count, by: 1 << width) { table[index] = entry }
    }
    self.table = table
    self.bits = bits
  }

  /// The entry for the next `bits` bits of the stream (0 when no code starts with them).
  @inline(__always) func entry(_ pattern: UInt64) -> UInt16 {
    table[Int(truncatingIfNeeded: pattern)]
  }
}
