import StateProofSystem

/// Raw DEFLATE (RFC 1951) decoded here: stored, fixed-Huffman and dynamic-Huffman blocks, read
/// from a ``ByteSource`` a chunk at a time, into at most `limit` bytes. Untrusted input cannot
/// make it crash, loop or grow: every step consumes input bits (running out is ``InflateError/truncated``),
/// every table lookup is masked to its table, every back-reference is checked against the output
/// so far, and the output stops at the limit with ``InflateError/outputLimit(_:)``.
///
/// The whole output is kept (it is what the caller asked for), so it is its own window.
///
/// Raw-memory code, like ``DeflateEncoder``: the input chunk and the output are buffers it
/// allocates and frees itself; every write is after ``reserve(_:)`` made room for it and every
/// back-reference was checked to start inside the output.
package final class Inflater<Source: ByteSource> {
  private static var chunkSize: Int { 64 << 10 }

  private var source: Source
  private let limit: Int
  private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Inflater.chunkSize, alignment: 8)
  private var chunkStart = 0
  private var chunkEnd = 0
  private var sourceEnded = false
  /// Bits not consumed yet, the next one lowest; `bitCount` of them are valid, the last
  /// `paddingBits` of those zeros added past the end of the input (consuming one is truncation).
  private var bitBuffer: UInt64 = 0
  private var bitCount = 0
  private var paddingBits = 0
  /// The output so far: `count` bytes of room for `capacity`, grown on demand up to the limit.
  private var output: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0

  private init(source: Source, limit: Int) {
    self.source = source
    self.limit = max(0, limit)
    capacity = max(1, min(self.limit, 32 << 10))
    output = .allocate(capacity: capacity)
  }

  deinit {
    chunk.deallocate()
    output.deallocate()
  }

  /// The bytes the DEFLATE stream in `source` inflates to, at most `limit` of them. Reading stops
  /// at the stream's last block: bytes after it are left unread.
  package static func inflate(_ source: Source, limit: Int) throws(InflateError) -> [UInt8] {
    let inflater = Inflater(source: source, limit: limit)
    try inflater.run()
    return Array(UnsafeBufferPointer(start: inflater.output, count: inflater.count))
  }

  private func run() throws(InflateError) {
    var last = false
    while !last {
      last = try take(1) == 1
      switch try take(2) {
      case 0: try storedBlock()
      case 1: try huffmanBlock(literals: .fixedLiterals, distances: .fixedDistances)
      case 2:
        let (literals, distances) = try dynamicTables()
        try huffmanBlock(literals: literals, distances: distances)
      default: throw .reservedBlockType
      }
    }
  }

  // MARK: Blocks

  private func storedBlock() throws(InflateError) {
    try drop(bitCount & 7)
    let length = Int(try take(16))
    guard Int(try take(16)) == length ^ 0xFFFF else { throw .storedLengthMismatch }
    try reserve(length)
    var remaining = length
    // Whole bytes still in the bit buffer first, then straight from the input.
    while remaining > 0 && bitCount - paddingBits >= 8 {
      output[count] = UInt8(truncatingIfNeeded: try take(8))
      count += 1
      remaining -= 1
    }
    while remaining > 0 {
      if chunkStart == chunkEnd {
        guard try refill() else { throw .truncated }
      }
      let piece = min(remaining, chunkEnd - chunkStart)
      UnsafeMutableRawPointer(output + count).copyMemory(from: chunk.baseAddress! + chunkStart, byteCount: piece)
      count += piece
      chunkStart += piece
      remaining -= piece
    }
  }

  private func huffmanBlock(literals: HuffmanDecoder, distances: HuffmanDecoder) throws(InflateError) {
    while true {
      let symbol = try decode(literals)
      if symbol < 256 {
        try reserve(1)
        output[count] = UInt8(symbol)
        count += 1
        continue
      }
      if symbol == DeflateAlphabet.endOfBlock { return }
      let lengthIndex = symbol - 257
      guard lengthIndex < DeflateAlphabet.lengthBases.count else { throw .invalidSymbol }
      let length =
        DeflateAlphabet.lengthBases[lengthIndex] + Int(try take(DeflateAlphabet.lengthExtraBits[lengthIndex]))
      let distanceSymbol = try decode(distances)
      guard distanceSymbol < DeflateAlphabet.distanceCount else { throw .invalidSymbol }
      let distance =
        DeflateAlphabet.distanceBases[distanceSymbol] + Int(try take(DeflateAlphabet.distanceExtraBits[distanceSymbol]))
      guard distance <= count else { throw .distanceTooFar(distance: distance, available: count) }
      try reserve(length)
      if distance >= length {
        (output + count).update(from: output + count - distance, count: length)
      } else {
        // The copy overlaps what it writes: byte by byte, so a run repeats.
        for index in count..<count + length { output[index] = output[index - distance] }
      }
      count += length
    }
  }

  /// The literal/length and distance decoders a dynamic block's header describes (section 3.2.7).
  private func dynamicTables() throws(InflateError) -> (HuffmanDecoder, HuffmanDecoder) {
    let literalCount = Int(try take(5)) + 257
    let distanceCount = Int(try take(5)) + 1
    let lengthCodeCount = Int(try take(4)) + 4
    guard literalCount <= DeflateAlphabet.literalCount, distanceCount <= DeflateAlphabet.distanceCount else {
      throw .invalidCodeLengths(reason: "\(literalCount) literal/length and \(distanceCount) distance codes")
    }
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    var codeLengthLengths = [UInt8](repeating: 0, count: 19)
    for index in 0..<lengthCodeCount { codeLengthLengths[order[index]] = UInt8(try take(3)) }
    let codeLengths = try HuffmanDecoder(lengths: codeLengthLengths)
    var lengths: [UInt8] = []
    lengths.reserveCapacity(literalCount + distanceCount)
    while lengths.count < literalCount + distanceCount {
      let symbol = try decode(codeLengths)
      let repeated: UInt8
      let times: Int
      switch symbol {
      case 0..<16:
        lengths.append(UInt8(symbol))
        continue
      case 16:
        guard let previous = lengths.last else {
          throw .invalidCodeLengths(reason: "a repeat of the previous length before any length")
        }
        (repeated, times) = (previous, 3 + Int(try take(2)))
      case 17: (repeated, times) = (0, 3 + Int(try take(3)))
      default: (repeated, times) = (0, 11 + Int(try take(7)))
      }
      guard lengths.count + times <= literalCount + distanceCount else {
        throw .invalidCodeLengths(reason: "a repeat runs past the last code")
      }
      lengths += repeatElement(repeated, count: times)
    }
    guard lengths[DeflateAlphabet.endOfBlock] > 0 else {
      throw .invalidCodeLengths(reason: "no code for the end of the block")
    }
    return (
      try HuffmanDecoder(lengths: Array(lengths[..<literalCount])),
      try HuffmanDecoder(lengths: Array(lengths[literalCount...]))
    )
  }

  // MARK: Bits

  /// Room for `needed` more output bytes, within the limit.
  @inline(__always) private func reserve(_ needed: Int) throws(InflateError) {
    guard needed <= limit - count else { throw .outputLimit(limit) }
    guard count + needed > capacity else { return }
    let larger = min(limit, max(count + needed, 2 * capacity))
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    grown.initialize(from: output, count: count)
    output.deallocate()
    output = grown
    capacity = larger
  }

  /// The next symbol of `decoder`'s code.
  @inline(__always) private func decode(_ decoder: HuffmanDecoder) throws(InflateError) -> Int {
    try fill(decoder.bits)
    let entry = decoder.entry(bitBuffer & (1 << decoder.bits - 1))
    guard entry != 0 else { throw .invalidSymbol }
    try drop(Int(entry & 15))
    return Int(entry >> 4)
  }

  /// The next `count` bits (at most 32) as a number, the first one lowest.
  @inline(__always) private func take(_ count: Int) throws(InflateError) -> UInt64 {
    guard count > 0 else { return 0 }
    try fill(count)
    let value = bitBuffer & (1 << count - 1)
    try drop(count)
    return value
  }

  @inline(__always) private func drop(_ count: Int) throws(InflateError) {
    bitBuffer >>= count
    bitCount -= count
    guard bitCount >= paddingBits else { throw .truncated }
  }

  /// At least `count` bits (at most 56) in the buffer; past the input's end, zero bits that
  /// ``drop(_:)`` refuses to consume.
  @inline(__always) private func fill(_ count: Int) throws(InflateError) {
    while bitCount < count {
      if chunkStart == chunkEnd, !(try refill()) {
        bitCount += 8
        paddingBits += 8
        continue
      }
      bitBuffer |= UInt64(chunk[chunkStart]) << bitCount
      chunkStart += 1
      bitCount += 8
    }
  }

  /// The next chunk of input; false at its end.
  private func refill() throws(InflateError) -> Bool {
    guard !sourceEnded else { return false }
    do {
      chunkEnd = try source.read(into: chunk)
    } catch {
      throw .unreadable(reason: error.reason)
    }
    chunkStart = 0
    sourceEnded = chunkEnd == 0
    return chunkEnd > 0
  }
}
