import StateProofTestSupport
import Testing

@testable import StateProofArchive

/// Code lengths from frequencies (optimal, within the limit, a complete prefix code) and the
/// canonical codes RFC 1951 derives from them.
@Suite struct HuffmanCodeTests {
  /// Kraft's sum of the lengths, scaled by 2^15: exactly 2^15 for a complete prefix code.
  static func kraft(_ lengths: [UInt8]) -> Int {
    lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (15 - Int($1))) }
  }

  @Test func theRFCExampleGetsItsCodes() {
    // Section 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give 010, 011, 100, 101, 110, 00, 1110, 1111.
    let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
    let expected = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
    for (symbol, bits) in expected.enumerated() {
      let width = Int(code.lengths[symbol])
      let reversed = (0..<width).reduce(0) { $0 << 1 | (Int(code.codes[symbol]) >> $1 & 1) }
      #expect(reversed == bits, "symbol \(symbol)")
    }
  }

  @Test func smallFrequenciesGetTheHuffmanLengths() {
    #expect(HuffmanCode.lengths(for: [1, 1, 2, 4], limit: 15) == [3, 3, 2, 1])
    #expect(HuffmanCode.lengths(for: [5, 0, 5, 0], limit: 15) == [1, 0, 1, 0])
    #expect(HuffmanCode.lengths(for: [10, 10, 10, 10], limit: 15) == [2, 2, 2, 2])
  }

  @Test func oneSymbolOrNoneStillGetsTwoOneBitCodes() {
    #expect(HuffmanCode.lengths(for: [0, 0, 7, 0], limit: 15) == [0, 1, 1, 0])
    #expect(HuffmanCode.lengths(for: [3, 0, 0], limit: 15) == [1, 1, 0])
    #expect(HuffmanCode.lengths(for: [0, 0, 0], limit: 15) == [1, 1, 0])
  }

  @Test func fibonacciFrequenciesAreHeldToTheLimit() {
    // Unlimited, Fibonacci frequencies make a code as deep as it has symbols.
    var fibonacci = [1, 1]
    while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
    let deep = HuffmanCode.lengths(for: fibonacci, limit: 29)
    #expect(deep.max() == 29)
    for limit in [15, 7] {
      let symbols = Array(fibonacci.prefix(limit == 7 ? 19 : 30))
      let lengths = HuffmanCode.lengths(for: symbols, limit: limit)
      #expect(lengths.max() == UInt8(limit))
      #expect(!lengths.contains(0))
      #expect(Self.kraft(lengths) == 1 << 15)
      // The most frequent symbols get the shortest codes.
      #expect(zip(lengths, lengths.dropFirst()).allSatisfy { $0 >= $1 })
    }
  }

  @Test func lengthsAreOptimalAmongLimitedCodes() {
    // For every small case, no code within the limit costs less: checked against all length
    // assignments of 4 symbols up to 3 bits that form a complete prefix code.
    var random = SeededRandom(seed: 3)
    for _ in 0..<200 {
      let frequencies = (0..<4).map { _ in Int.random(in: 1...50, using: &random) }
      let lengths = HuffmanCode.lengths(for: frequencies, limit: 3)
      let cost = HuffmanCode(lengths: lengths).cost(frequencies)
      var best = Int.max
      for a in 1...3 {
        for b in 1...3 {
          for c in 1...3 {
            for d in 1...3 {
              let candidate: [UInt8] = [UInt8(a), UInt8(b), UInt8(c), UInt8(d)]
              if candidate.reduce(0, { $0 + (8 >> Int($1)) }) == 8 {
                best = min(best, HuffmanCode(lengths: candidate).cost(frequencies))
              }
            }
          }
        }
      }
      #expect(cost == best, "\(frequencies)")
      #expect(Self.kraft(lengths) == 1 << 15)
    }
  }
}
