/// DEFLATE (RFC 1951) written here rather than left to zlib, whose output differs between its
/// versions and so between Linux and macOS: the same bytes in give the same bytes out everywhere.
/// LZ77 finds repeats within a 32 KiB window through hash chains of bounded length; each block
/// is coded with the fixed Huffman codes, or stored as is when coding would make it larger.
///
/// With ``CRC32``, the archive's only raw-memory code: the window, the hash chains and the output
/// are buffers it allocates and frees itself, and every access stays inside them by construction.
final class DeflateEncoder {
  /// How far back a match may reach (DEFLATE's limit); a power of two.
  private static let windowSize = 1 << 15
  private static let windowMask = windowSize - 1
  /// Input held at once, a multiple of the window: the window behind the position, and ahead of
  /// it what is still to encode.
  private static let bufferSize = 8 * windowSize
  /// Bytes past the buffer's end that a 4-byte load at its last hashed position may touch.
  private static let slack = 8
  private static let minimumMatch = 3
  private static let maximumMatch = 258
  /// A 3-byte match further back than this costs more bits than three literals.
  private static let shortMatchReach = 4096
  private static let hashBits = 15
  /// Candidates tried per position at most, and a length that ends the search at once.
  private static let chainLimit = 64
  private static let goodEnough = 128
  /// Symbols per block at most; a block also ends before the window slides.
  private static let blockSymbols = 1 << 14
  /// The most bytes one stored block holds.
  private static let storedLimit = 65535

  private let window = UnsafeMutablePointer<UInt8>.allocate(capacity: bufferSize + slack)
  /// The latest position with each hash, -1 for none.
  private let head = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hashBits)
  /// For each position in the window (modulo its size), the previous one with the same hash.
  private let chain = UnsafeMutablePointer<Int32>.allocate(capacity: windowSize)
  /// The current block's literals (the byte) and matches (bit 31, distance << 9, length).
  private let symbols = UnsafeMutablePointer<UInt32>.allocate(capacity: blockSymbols)
  private var output: UnsafeMutablePointer<UInt8>
  private var outputCapacity = bufferSize + bufferSize / 4
  private var outputCount = 0

  /// Bytes in the window.
  private var filled = 0
  /// The first byte not yet encoded.
  private var position = 0
  /// The first byte of the current block.
  private var blockStart = 0
  private var symbolCount = 0
  /// The current block's symbols in fixed codes, in bits.
  private var blockBits = 0
  private var bitBuffer: UInt64 = 0
  private var bitCount = 0

  init() {
    window.initialize(repeating: 0, count: Self.bufferSize + Self.slack)
    head.initialize(repeating: -1, count: 1 << Self.hashBits)
    chain.initialize(repeating: -1, count: Self.windowSize)
    symbols.initialize(repeating: 0, count: Self.blockSymbols)
    output = .allocate(capacity: outputCapacity)
  }

  deinit {
    window.deallocate()
    head.deallocate()
    chain.deallocate()
    symbols.deallocate()
    output.deallocate()
  }

  /// Adds `bytes` to the stream; what they code to may wait in the window until more comes.
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      if filled == Self.bufferSize {
        encode(upTo: filled - Self.maximumMatch)
        endBlock(final: false)
        slide()
      }
      let count = min(Self.bufferSize - filled, bytes.count - offset)
      UnsafeMutableRawPointer(window + filled).copyMemory(from: base + offset, byteCount: count)
      filled += count
      offset += count
    }
  }

  /// Encodes what is left and ends the stream with its final block, padded to a whole byte.
  func finish() {
    encode(upTo: filled)
    endBlock(final: true)
    alignToByte()
  }

  /// Hands the compressed bytes so far to `body`, then forgets them.
  func drain<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
    defer { outputCount = 0 }
    try body(UnsafeRawBufferPointer(start: output, count: outputCount))
  }

  /// Turns the bytes from `position` up to `limit` (a match may run past it) into symbols.
  private func encode(upTo limit: Int) {
    let literals = FixedHuffman.literals, lengths = FixedHuffman.lengths, distances = FixedHuffman.distances
    while position < limit {
      var length = 0
      var distance = 0
      if position + Self.minimumMatch <= filled {
        let hash = hash(at: position)
        let candidate = Int(head[hash])
        if candidate >= 0 { (length, distance) = longestMatch(at: position, from: candidate) }
        chain[position & Self.windowMask] = Int32(candidate)
        head[hash] = Int32(position)
      }
      if length > 0 {
        symbols[symbolCount] = 1 << 31 | UInt32(distance) << 9 | UInt32(length)
        blockBits += FixedHuffman.count(lengths[length]) + FixedHuffman.count(distances[distance])
        // Each position inside the match may start a later one.
        let end = position + length
        var inside = position + 1
        while inside < end && inside + Self.minimumMatch <= filled {
          insert(inside)
          inside += 1
        }
        position = end
      } else {
        symbols[symbolCount] = UInt32(window[position])
        blockBits += FixedHuffman.count(literals[Int(window[position])])
        position += 1
      }
      symbolCount += 1
      if symbolCount == Self.blockSymbols { endBlock(final: false) }
    }
  }

  /// The hash of the three bytes at `at` (the load's fourth byte is masked off).
  @inline(__always) private func hash(at index: Int) -> Int {
    let word = UInt32(littleEndian: UnsafeRawPointer(window + index).loadUnaligned(as: UInt32.self))
    return Int(((word & 0xFF_FFFF) &* 0x9E37_79B1) >> (32 - Self.hashBits))
  }

  @inline(__always) private func insert(_ index: Int) {
    let hash = hash(at: index)
    chain[index & Self.windowMask] = head[hash]
    head[hash] = Int32(index)
  }

  /// The longest match for the bytes at `index` along the hash chain from `first`, as (length,
  /// distance); (0, 0) when none is worth coding.
  private func longestMatch(at index: Int, from first: Int) -> (Int, Int) {
    let limit = min(Self.maximumMatch, filled - index)
    let lowest = max(index - Self.windowSize, 0)
    let scan = window + index
    var best = Self.minimumMatch - 1
    var bestDistance = 0
    var candidate = first
    var tries = Self.chainLimit
    while candidate >= lowest {
      let match = window + candidate
      if match[best] == scan[best] && match[0] == scan[0] && match[1] == scan[1] {
        let length = Self.commonPrefix(scan, match, limit: limit)
        if length > best {
          best = length
          bestDistance = index - candidate
          if length >= Self.goodEnough || length == limit { break }
        }
      }
      tries -= 1
      let next = Int(chain[candidate & Self.windowMask])
      // Chains only lead back; anything else is a slot a newer position took over.
      guard tries > 0, next < candidate else { break }
      candidate = next
    }
    if best < Self.minimumMatch || (best == Self.minimumMatch && bestDistance > Self.shortMatchReach) {
      return (0, 0)
    }
    return (best, bestDistance)
  }

  /// How many bytes `a` and `b` have in common from their start, at most `limit`, compared eight
  /// at a time.
  @inline(__always) private static func commonPrefix(
    _ a: UnsafeMutablePointer<UInt8>, _ b: UnsafeMutablePointer<UInt8>, limit: Int
  ) -> Int {
    var count = 0
    while count + 8 <= limit {
      let difference =
        UnsafeRawPointer(a + count).loadUnaligned(as: UInt64.self)
        ^ UnsafeRawPointer(b + count).loadUnaligned(as: UInt64.self)
      // The lowest address is the least significant byte once read as little-endian.
      if difference != 0 { return count + UInt64(littleEndian: difference).trailingZeroBitCount >> 3 }
      count += 8
    }
    while count < limit && a[count] == b[count] { count += 1 }
    return count
  }

  /// Writes the current block, fixed-coded or stored, whichever is smaller.
  private func endBlock(final: Bool) {
    let raw = position - blockStart
    guard raw > 0 || final else { return }
    let fixedBits = 3 + blockBits + FixedHuffman.count(FixedHuffman.endOfBlock)
    let pieces = max(1, (raw + Self.storedLimit - 1) / Self.storedLimit)
    // Each stored piece: a 3-bit header, up to 7 bits to the byte boundary, LEN and NLEN.
    let storedBits = pieces * (3 + 7 + 32) + raw * 8
    reserve(max(fixedBits / 8, raw + pieces * 5) + 16)
    if raw > 0 && storedBits < fixedBits { writeStored(final: final) } else { writeFixed(final: final) }
    blockStart = position
    symbolCount = 0
    blockBits = 0
  }

  private func writeFixed(final: Bool) {
    let literals = FixedHuffman.literals, lengths = FixedHuffman.lengths, distances = FixedHuffman.distances
    put(final ? 0b011 : 0b010, count: 3)  // BFINAL, then BTYPE 01
    for symbol in UnsafeBufferPointer(start: symbols, count: symbolCount) {
      if symbol >> 31 == 0 {
        put(FixedHuffman.bits(literals[Int(symbol)]), count: FixedHuffman.count(literals[Int(symbol)]))
      } else {
        let length = lengths[Int(symbol & 0x1FF)]
        let distance = distances[Int(symbol >> 9 & 0xFFFF)]
        put(
          FixedHuffman.bits(length) | FixedHuffman.bits(distance) << FixedHuffman.count(length),
          count: FixedHuffman.count(length) + FixedHuffman.count(distance))
      }
    }
    put(FixedHuffman.bits(FixedHuffman.endOfBlock), count: FixedHuffman.count(FixedHuffman.endOfBlock))
  }

  /// The block's bytes as they are, in pieces of at most 65,535 bytes.
  private func writeStored(final: Bool) {
    var start = blockStart
    repeat {
      let count = min(position - start, Self.storedLimit)
      let last = start + count == position
      put(final && last ? 0b001 : 0b000, count: 3)  // BFINAL, then BTYPE 00
      alignToByte()
      for byte in [UInt8(count & 0xFF), UInt8(count >> 8), ~UInt8(count & 0xFF), ~UInt8(count >> 8)] {
        output[outputCount] = byte
        outputCount += 1
      }
      UnsafeMutableRawPointer(output + outputCount).copyMemory(from: window + start, byteCount: count)
      outputCount += count
      start += count
    } while start < position
  }

  /// Appends the low `count` bits of `bits` (at most 31, nothing above them set).
  @inline(__always) private func put(_ bits: UInt32, count: Int) {
    bitBuffer |= UInt64(bits) << bitCount
    bitCount += count
    if bitCount >= 32 {
      UnsafeMutableRawPointer(output + outputCount)
        .storeBytes(of: UInt32(truncatingIfNeeded: bitBuffer).littleEndian, as: UInt32.self)
      outputCount += 4
      bitBuffer >>= 32
      bitCount -= 32
    }
  }

  /// Writes out the bits still held, the last byte padded with zeros.
  private func alignToByte() {
    while bitCount > 0 {
      output[outputCount] = UInt8(truncatingIfNeeded: bitBuffer)
      outputCount += 1
      bitBuffer >>= 8
      bitCount -= 8
    }
    bitBuffer = 0
    bitCount = 0
  }

  /// Makes room for `count` more output bytes.
  private func reserve(_ count: Int) {
    guard outputCount + count > outputCapacity else { return }
    outputCapacity = max(outputCount + count, 2 * outputCapacity)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: outputCapacity)
    larger.initialize(from: output, count: outputCount)
    output.deallocate()
    output = larger
  }

  /// Moves the window forward by whole window sizes once the buffer is full, keeping one window
  /// of history behind the position; positions in the hash chains move with it.
  private func slide() {
    let shift = (position - Self.windowSize) / Self.windowSize * Self.windowSize
    guard shift > 0 else { return }
    UnsafeMutableRawPointer(window).copyMemory(from: window + shift, byteCount: filled - shift)
    filled -= shift
    position -= shift
    blockStart -= shift
    let moved = Int32(shift)
    for index in 0..<(1 << Self.hashBits) { head[index] = max(head[index] - moved, -1) }
    for index in 0..<Self.windowSize { chain[index] = max(chain[index] - moved, -1) }
  }
}
