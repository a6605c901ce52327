/// Writes one block of LZ77 symbols in the smallest of DEFLATE's three forms (RFC 1951, section
/// 3.2.3): stored as is, coded with the fixed Huffman codes, or with codes made for the block
/// (dynamic, their lengths sent first), a tie going to the simpler form.
enum DeflateBlockWriter {
  /// The most bytes one stored block holds.
  private static let storedLimit = 65535
  private static let codeLimit = 15

  /// Writes the block of `symbols` (a literal is the byte; a match is bit 31, distance << 9,
  /// length), which stand for `raw`, and ends it; `final` marks the stream's last block.
  static func write(
    symbols: UnsafeBufferPointer<UInt32>, raw: UnsafeRawBufferPointer, final: Bool, to output: DeflateBitStream
  ) {
    var literalFrequencies = [Int](repeating: 0, count: DeflateAlphabet.literalCount)
    var distanceFrequencies = [Int](repeating: 0, count: DeflateAlphabet.distanceCount)
    var extraBits = 0
    for symbol in symbols {
      if symbol >> 31 == 0 {
        literalFrequencies[Int(symbol)] += 1
        continue
      }
      let lengthSymbol = Int(DeflateAlphabet.lengthSymbols[Int(symbol & 0x1FF)])
      let distanceSymbol = Int(DeflateAlphabet.distanceSymbols[Int(symbol >> 9 & 0xFFFF)])
      literalFrequencies[257 + lengthSymbol] += 1
      distanceFrequencies[distanceSymbol] += 1
      extraBits += DeflateAlphabet.lengthExtraBits[lengthSymbol] + DeflateAlphabet.distanceExtraBits[distanceSymbol]
    }
    literalFrequencies[DeflateAlphabet.endOfBlock] = 1

    let literals = HuffmanCode(frequencies: literalFrequencies, limit: codeLimit)
    let distances = HuffmanCode(frequencies: distanceFrequencies, limit: codeLimit)
    let header = DynamicHeader(literals: literals, distances: distances)
    let dynamicBits =
      3 + header.bits + literals.cost(literalFrequencies) + distances.cost(distanceFrequencies) + extraBits
    let fixedBits =
      3 + HuffmanCode.fixedLiterals.cost(literalFrequencies) + HuffmanCode.fixedDistances.cost(distanceFrequencies)
      + extraBits
    let pieces = max(1, (raw.count + storedLimit - 1) / storedLimit)
    // Each stored piece: a 3-bit header, up to 7 bits to the byte boundary, LEN and NLEN.
    let storedBits = raw.isEmpty ? Int.max : pieces * (3 + 7 + 32) + raw.count * 8
    output.reserve(min(storedBits, fixedBits, dynamicBits) / 8 + 16)
    if storedBits <= min(fixedBits, dynamicBits) {
      writeStored(raw, final: final, to: output)
    } else if fixedBits <= dynamicBits {
      output.put(final ? 0b011 : 0b010, count: 3)  // BFINAL, then BTYPE 01
      writeSymbols(symbols, literals: .fixedLiterals, distances: .fixedDistances, to: output)
    } else {
      output.put(final ? 0b101 : 0b100, count: 3)  // BFINAL, then BTYPE 10
      header.write(to: output)
      writeSymbols(symbols, literals: literals, distances: distances, to: output)
    }
  }

  /// The symbols in `literals` and `distances`, each length and distance followed by its extra
  /// bits, then the end-of-block code.
  private static func writeSymbols(
    _ symbols: UnsafeBufferPointer<UInt32>, literals: HuffmanCode, distances: HuffmanCode, to output: DeflateBitStream
  ) {
    literals.codes.withUnsafeBufferPointer { literalCodes in
      literals.lengths.withUnsafeBufferPointer { literalLengths in
        distances.codes.withUnsafeBufferPointer { distanceCodes in
          distances.lengths.withUnsafeBufferPointer { distanceLengths in
            for symbol in symbols {
              if symbol >> 31 == 0 {
                output.put(UInt32(literalCodes[Int(symbol)]), count: Int(literalLengths[Int(symbol)]))
                continue
              }
              let length = Int(symbol & 0x1FF)
              let lengthSymbol = Int(DeflateAlphabet.lengthSymbols[length])
              output.put(UInt32(literalCodes[257 + lengthSymbol]), count: Int(literalLengths[257 + lengthSymbol]))
              output.put(
                UInt32(length - DeflateAlphabet.lengthBases[lengthSymbol]),
                count: DeflateAlphabet.lengthExtraBits[lengthSymbol])
              let distance = Int(symbol >> 9 & 0xFFFF)
              let distanceSymbol = Int(DeflateAlphabet.distanceSymbols[distance])
              output.put(UInt32(distanceCodes[distanceSymbol]), count: Int(distanceLengths[distanceSymbol]))
              output.put(
                UInt32(distance - DeflateAlphabet.distanceBases[distanceSymbol]),
                count: DeflateAlphabet.distanceExtraBits[distanceSymbol])
            }
            let end = DeflateAlphabet.endOfBlock
            output.put(UInt32(literalCodes[end]), count: Int(literalLengths[end]))
          }
        }
      }
    }
  }

  /// `raw` as it is, in pieces of at most 65,535 bytes.
  private static func writeStored(_ raw: UnsafeRawBufferPointer, final: Bool, to output: DeflateBitStream) {
    var start = 0
    repeat {
      let count = min(raw.count - start, storedLimit)
      let last = start + count == raw.count
      output.put(final && last ? 0b001 : 0b000, count: 3)  // BFINAL, then BTYPE 00
      output.alignToByte()
      output.put(UInt32(count) | UInt32(~count & 0xFFFF) << 16, count: 32)
      output.append(raw.baseAddress! + start, count: count)
      start += count
    } while start < raw.count
  }
}
