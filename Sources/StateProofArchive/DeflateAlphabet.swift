/// DEFLATE's length and distance symbols (RFC 1951, section 3.2.5): each match length 3...258 and
/// distance 1...32768 is sent as a symbol followed by extra bits, its offset from the symbol's base.
enum DeflateAlphabet {
  /// Literal/length symbols a block may use: 0...255 literals, 256 the end of block, 257...285 lengths.
  static let literalCount = 286
  static let distanceCount = 30
  static let endOfBlock = 256

  static let lengthBases: [Int] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  static let lengthExtraBits: [Int] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  static let distanceBases: [Int] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
    4097, 6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtraBits: [Int] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]

  /// For each length 0...258, its length symbol less 257 (0...28); lengths below 3 map to 0.
  static let lengthSymbols: [UInt8] = symbolTable(count: 259, bases: lengthBases, extraBits: lengthExtraBits)
  /// For each distance 0...32768, its distance symbol (0...29); distance 0 maps to 0.
  static let distanceSymbols: [UInt8] = symbolTable(count: 32769, bases: distanceBases, extraBits: distanceExtraBits)

  /// Every value from each base on gets that base's index; a later base wins a shared value
  /// (length 258 has its own symbol, 285, though symbol 284's range reaches it).
  private static func symbolTable(count: Int, bases: [Int], extraBits: [Int]) -> [UInt8] {
    var table = [UInt8](repeating: 0, count: count)
    for (index, base) in bases.enumerated() {
      for value in base..<min(count, base + (1 << extraBits[index])) { table[value] = UInt8(index) }
    }
    return table
  }
}
