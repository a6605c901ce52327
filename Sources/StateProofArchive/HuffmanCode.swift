/// A canonical Huffman code (RFC 1951, section 3.2.2) given by its code lengths, with each code's
/// bits reversed ready to write (DEFLATE sends a code from its most significant bit, into a stream
/// filled from the least significant one). Lengths come from symbol frequencies through
/// package-merge, which gives the optimal code within a length limit and, with ties broken by
/// symbol, the same lengths on every platform.
struct HuffmanCode {
  /// Each symbol's code length in bits; 0 for a symbol the code leaves out.
  let lengths: [UInt8]
  /// Each symbol's code, bit-reversed.
  let codes: [UInt16]

  /// The literal/length code of fixed-Huffman blocks (section 3.2.6).
  static let fixedLiterals = HuffmanCode(
    lengths: [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112) + [UInt8](repeating: 7, count: 24)
      + [UInt8](repeating: 8, count: 8))
  /// The distance code of fixed-Huffman blocks: five bits each.
  static let fixedDistances = HuffmanCode(lengths: [UInt8](repeating: 5, count: 32))

  /// The canonical code for `lengths` (none above 15).
  init(lengths: [UInt8]) {
    self.lengths = lengths
    var counts = [Int](repeating: 0, count: 16)
    for length in lengths where length > 0 { counts[Int(length)] += 1 }
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for length in 1..<16 {
      code = (code + counts[length - 1]) << 1
      next[length] = code
    }
    var codes = [UInt16](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      codes[symbol] = Self.reversed(next[Int(length)], Int(length))
      next[Int(length)] += 1
    }
    self.codes = codes
  }

  /// The optimal code for `frequencies` with no code longer than `limit` bits.
  init(frequencies: [Int], limit: Int) {
    self.init(lengths: Self.lengths(for: frequencies, limit: limit))
  }

  /// How many bits the symbols of `frequencies` take in this code (extra bits aside).
  func cost(_ frequencies: [Int]) -> Int {
    zip(frequencies, lengths).reduce(0) { $0 + $1.0 * Int($1.1) }
  }

  /// Code lengths by package-merge (Larmore and Hirschberg): at each of `limit` levels the
  /// symbols sorted by frequency are merged with the pairs ("packages") of the level below; the
  /// first 2n - 2 items of the top level decide, and a symbol's length is how many chosen items
  /// hold it. At least two symbols get a code (the second with frequency 0 if need be), since an
  /// inflater accepts a lone code only in special cases.
  static func lengths(for frequencies: [Int], limit: Int) -> [UInt8] {
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    let used = frequencies.indices.filter { frequencies[$0] > 0 }
    guard used.count > 1 else {
      // One symbol or none: two one-bit codes, the symbol's and its neighbour's (or 0 and 1).
      let first = used.first ?? 0
      lengths[first] = 1
      lengths[first == 0 ? 1 : first - 1] = 1
      return lengths
    }
    precondition(used.count <= 1 << limit, "the symbols fit the length limit")
    let leaves = used.sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }.map {
      (weight: frequencies[$0], symbol: $0)
    }
    // Levels from the deepest (leaves only) to the top; a package has symbol -1.
    var levels: [[(weight: Int, symbol: Int)]] = [leaves]
    for _ in 1..<limit {
      let below = levels[levels.count - 1]
      var merged: [(weight: Int, symbol: Int)] = []
      merged.reserveCapacity(leaves.count + below.count / 2)
      var leaf = 0
      var pair = 0
      while leaf < leaves.count || pair + 1 < below.count {
        let packageWeight = pair + 1 < below.count ? below[pair].weight + below[pair + 1].weight : Int.max
        if leaf < leaves.count && leaves[leaf].weight <= packageWeight {
          merged.append(leaves[leaf])
          leaf += 1
        } else {
          merged.append((packageWeight, -1))
          pair += 2
        }
      }
      levels.append(merged)
    }
    // The packages chosen at one level are the first ones, so they hold the first items below.
    var take = 2 * used.count - 2
    for level in levels.reversed() {
      var packages = 0
      for item in level.prefix(take) {
        if item.symbol >= 0 { lengths[item.symbol] += 1 } else { packages += 1 }
      }
      take = 2 * packages
    }
    return lengths
  }

  private static func reversed(_ code: Int, _ width: Int) -> UInt16 {
    (0..<width).reduce(UInt16(0)) { result, bit in result << 1 | UInt16(code >> bit & 1) }
  }
}
