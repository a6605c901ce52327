/// The header of a dynamic-Huffman block (RFC 1951, section 3.2.7): the literal/length and
/// distance code lengths as one sequence, shortened with the repeat symbols 16 (the previous
/// length 3-6 times), 17 (3-10 zeros) and 18 (11-138 zeros), itself Huffman-coded with a
/// code-length code of at most 7 bits whose lengths are sent in a fixed order.
struct DynamicHeader {
  /// The order the code-length code's lengths are sent in.
  private static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
  private static let repeatExtraBits = [2, 3, 7]

  private let literalCount: Int
  private let distanceCount: Int
  /// Code-length symbols, each with its extra bits' value above bit 5.
  private let runs: [UInt16]
  private let codeLengthCode: HuffmanCode
  /// How many code-length code lengths are sent (4...19).
  private let codeLengthCount: Int
  /// The header's size in bits, BFINAL and BTYPE left out.
  let bits: Int

  init(literals: HuffmanCode, distances: HuffmanCode) {
    literalCount = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
    distanceCount = max(1, (distances.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
    let runs = Self.runs(Array(literals.lengths.prefix(literalCount) + distances.lengths.prefix(distanceCount)))
    var frequencies = [Int](repeating: 0, count: 19)
    for run in runs { frequencies[Int(run & 31)] += 1 }
    let code = HuffmanCode(frequencies: frequencies, limit: 7)
    codeLengthCount = max(4, (Self.order.lastIndex { code.lengths[$0] > 0 } ?? 0) + 1)
    var bits = 5 + 5 + 4 + 3 * codeLengthCount + code.cost(frequencies)
    for symbol in 16...18 { bits += frequencies[symbol] * Self.repeatExtraBits[symbol - 16] }
    self.runs = runs
    self.codeLengthCode = code
    self.bits = bits
  }

  func write(to stream: DeflateBitStream) {
    stream.put(UInt32(literalCount - 257), count: 5)
    stream.put(UInt32(distanceCount - 1), count: 5)
    stream.put(UInt32(codeLengthCount - 4), count: 4)
    for symbol in Self.order.prefix(codeLengthCount) { stream.put(UInt32(codeLengthCode.lengths[symbol]), count: 3) }
    for run in runs {
      let symbol = Int(run & 31)
      stream.put(UInt32(codeLengthCode.codes[symbol]), count: Int(codeLengthCode.lengths[symbol]))
      if symbol >= 16 { stream.put(UInt32(run >> 5), count: Self.repeatExtraBits[symbol - 16]) }
    }
  }

  /// `lengths` as code-length symbols: runs of zeros as 17 or 18, other runs as the length then 16.
  private static func runs(_ lengths: [UInt8]) -> [UInt16] {
    var runs: [UInt16] = []
    var index = 0
    while index < lengths.count {
      let length = lengths[index]
      var end = index + 1
      while end < lengths.count && lengths[end] == length { end += 1 }
      var left = end - index
      if length == 0 {
        while left >= 11 {
          let count = min(left, 138)
          runs.append(18 | UInt16(count - 11) << 5)
          left -= count
        }
        if left >= 3 {
          runs.append(17 | UInt16(left - 3) << 5)
          left = 0
        }
      } else {
        runs.append(UInt16(length))
        left -= 1
        while left >= 3 {
          let count = min(left, 6)
          runs.append(16 | UInt16(count - 3) << 5)
          left -= count
        }
      }
      runs += repeatElement(UInt16(length), count: left)
      index = end
    }
    return runs
  }
}
