/// The first block header of a raw DEFLATE stream, read back independently of the encoder: its
/// type and, for a dynamic block, the code lengths it sends (RFC 1951, section 3.2.7).
struct DeflateBlockHeader {
  /// BTYPE: 0 stored, 1 fixed, 2 dynamic.
  let type: Int
  let literalLengths: [Int]
  let distanceLengths: [Int]
  let codeLengthLengths: [Int]

  init?(_ stream: [UInt8]) {
    var position = 0
    func bits(_ count: Int) -> Int? {
      var value = 0
      for bit in 0..<count {
        guard position / 8 < stream.count else { return nil }
        value |= Int(stream[position / 8] >> (position % 8) & 1) << bit
        position += 1
      }
      return value
    }
    guard bits(1) != nil, let type = bits(2) else { return nil }
    self.type = type
    guard type == 2 else {
      (literalLengths, distanceLengths, codeLengthLengths) = ([], [], [])
      return
    }
    guard let literals = bits(5), let distances = bits(5), let sent = bits(4) else { return nil }
    var codeLengthLengths = [Int](repeating: 0, count: 19)
    for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15].prefix(sent + 4) {
      guard let length = bits(3) else { return nil }
      codeLengthLengths[symbol] = length
    }
    // The canonical code, decoded one bit at a time, most significant first.
    var codes: [Int: [Int: Int]] = [:]
    var code = 0
    for length in 1...7 {
      for symbol in 0..<19 where codeLengthLengths[symbol] == length {
        codes[length, default: [:]][code] = symbol
        code += 1
      }
      code <<= 1
    }
    var lengths: [Int] = []
    while lengths.count < literals + 257 + distances + 1 {
      var value = 0
      var symbol: Int?
      for length in 1...7 {
        guard let bit = bits(1) else { return nil }
        value = value << 1 | bit
        if let found = codes[length]?[value] {
          symbol = found
          break
        }
      }
      switch symbol {
      case .some(let length) where length < 16: lengths.append(length)
      case 16:
        guard let previous = lengths.last, let extra = bits(2) else { return nil }
        lengths += repeatElement(previous, count: 3 + extra)
      case 17:
        guard let extra = bits(3) else { return nil }
        lengths += repeatElement(0, count: 3 + extra)
      case 18:
        guard let extra = bits(7) else { return nil }
        lengths += repeatElement(0, count: 11 + extra)
      default: return nil
      }
    }
    guard lengths.count == literals + 257 + distances + 1 else { return nil }
    literalLengths = Array(lengths.prefix(literals + 257))
    distanceLengths = Array(lengths.dropFirst(literals + 257))
    self.codeLengthLengths = codeLengthLengths
  }
}
