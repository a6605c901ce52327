/// DEFLATE (RFC 1951) written here rather than left to zlib, whose output differs between its
/// versions and so between Linux and macOS: the same bytes in give the same bytes out everywhere.
/// LZ77 finds repeats within a 32 KiB window through hash chains of bounded length, with zlib's
/// lazy evaluation (a match is kept only if the next position does not start a longer one), at
/// the settings of zlib's default level 6. ``DeflateBlockWriter`` writes each block in the
/// smallest of DEFLATE's three forms.
///
/// Raw-memory code, like ``DeflateBitStream`` and ``DeflateBlockWriter``: the window, the hash
/// chains and the symbols are buffers it allocates and frees itself, and every access stays
/// inside them by construction.
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
  /// A 3-byte match further back than this costs more bits than three literals (zlib's TOO_FAR).
  private static let shortMatchReach = 4096
  private static let hashBits = 15
  /// zlib level 6: candidates tried per position at most; a quarter of them once the match to
  /// beat is `goodLength` long; no search for a better one after a match of `lazyLength`; a
  /// length that ends the search at once.
  private static let chainLimit = 128
  private static let goodLength = 8
  private static let lazyLength = 16
  private static let niceLength = 128
  /// Symbols per block at most; a block also ends before the window slides.
  private static let blockSymbols = 1 << 14

  private let window = UnsafeMutablePointer<UInt8>.allocate(capacity: bufferSize + slack)
  /// The latest position with each hash, -1 for none.
  private let head = UnsafeMutablePointer<Int32>.allocate(capacity: 1 << hashBits)
  /// For each position in the window (modulo its size), the previous one with the same hash.
  private let chain = UnsafeMutablePointer<Int32>.allocate(capacity: windowSize)
  /// The current block's literals (the byte) and matches (bit 31, distance << 9, length).
  private let symbols = UnsafeMutablePointer<UInt32>.allocate(capacity: blockSymbols)
  private let output = DeflateBitStream(capacity: bufferSize + bufferSize / 4)

  /// Bytes in the window.
  private var filled = 0
  /// The next position to look for a match at.
  private var position = 0
  /// The first byte the block's symbols do not cover yet.
  private var covered = 0
  /// The first byte of the current block.
  private var blockStart = 0
  private var symbolCount = 0
  /// Whether the byte before `position` waits for its fate: a literal, or the start of the match
  /// `previousLength`/`previousDistance` when the match at `position` is no longer.
  private var pending = false
  private var previousLength = 0
  private var previousDistance = 0

  init() {
    window.initialize(repeating: 0, count: Self.bufferSize + Self.slack)
    head.initialize(repeating: -1, count: 1 << Self.hashBits)
    chain.initialize(repeating: -1, count: Self.windowSize)
    symbols.initialize(repeating: 0, count: Self.blockSymbols)
  }

  deinit {
    window.deallocate()
    head.deallocate()
    chain.deallocate()
    symbols.deallocate()
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
    if pending {
      literal(window[position - 1])
      pending = false
    }
    endBlock(final: true)
    output.alignToByte()
  }

  /// Hands the compressed bytes so far to `body`, then forgets them.
  func drain<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
    try output.drain(body)
  }

  /// Turns the bytes from `position` up to `limit` (a match may run past it) into symbols, each
  /// position's match weighed against the next one's before it is taken (zlib's deflate_slow).
  private func encode(upTo limit: Int) {
    while position < limit {
      var length = 0
      var distance = 0
      if position + Self.minimumMatch <= filled {
        let hash = hash(at: position)
        let candidate = Int(head[hash])
        if candidate >= 0 && previousLength < Self.lazyLength {
          (length, distance) = longestMatch(at: position, from: candidate, toBeat: previousLength)
        }
        chain[position & Self.windowMask] = Int32(candidate)
        head[hash] = Int32(position)
      }
      if previousLength >= Self.minimumMatch && length <= previousLength {
        // The match from the byte before stands; each position inside it may start a later one.
        match(length: previousLength, distance: previousDistance)
        let end = position - 1 + previousLength
        var inside = position + 1
        while inside < end && inside + Self.minimumMatch <= filled {
          insert(inside)
          inside += 1
        }
        position = end
        pending = false
        previousLength = 0
      } else {
        if pending { literal(window[position - 1]) }
        pending = true
        previousLength = length
        previousDistance = distance
        position += 1
      }
      if symbolCount == Self.blockSymbols { endBlock(final: false) }
    }
  }

  @inline(__always) private func literal(_ byte: UInt8) {
    symbols[symbolCount] = UInt32(byte)
    symbolCount += 1
    covered += 1
  }

  @inline(__always) private func match(length: Int, distance: Int) {
    symbols[symbolCount] = 1 << 31 | UInt32(distance) << 9 | UInt32(length)
    symbolCount += 1
    covered += length
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

  /// The longest match for the bytes at `index` along the hash chain from `first` that is longer
  /// than `toBeat`, as (length, distance); (0, 0) when there is none worth coding.
  private func longestMatch(at index: Int, from first: Int, toBeat: Int) -> (Int, Int) {
    let limit = min(Self.maximumMatch, filled - index)
    let lowest = max(index - Self.windowSize, 0)
    let scan = window + index
    var best = max(toBeat, Self.minimumMatch - 1)
    guard best < limit else { return (0, 0) }
    var bestDistance = 0
    var candidate = first
    var tries = toBeat >= Self.goodLength ? Self.chainLimit / 4 : Self.chainLimit
    while candidate >= lowest {
      let match = window + candidate
      if match[best] == scan[best] && match[0] == scan[0] && match[1] == scan[1] {
        let length = Self.commonPrefix(scan, match, limit: limit)
        if length > best {
          best = length
          bestDistance = index - candidate
          if length >= Self.niceLength || length == limit { break }
        }
      }
      tries -= 1
      let next = Int(chain[candidate & Self.windowMask])
      // Chains only lead back; anything else is a slot a newer position took over.
      guard tries > 0, next < candidate else { break }
      candidate = next
    }
    if bestDistance == 0 || (best == Self.minimumMatch && bestDistance > Self.shortMatchReach) { return (0, 0) }
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

  /// Writes the current block, unless it is empty and not the last.
  private func endBlock(final: Bool) {
    guard covered > blockStart || final else { return }
    DeflateBlockWriter.write(
      symbols: UnsafeBufferPointer(start: symbols, count: symbolCount),
      raw: UnsafeRawBufferPointer(start: window + blockStart, count: covered - blockStart), final: final, to: output)
    blockStart = covered
    symbolCount = 0
  }

  /// Moves the window forward by whole window sizes once the buffer is full, keeping one window
  /// of history behind the position; positions in the hash chains move with it.
  private func slide() {
    let shift = (position - Self.windowSize) / Self.windowSize * Self.windowSize
    guard shift > 0 else { return }
    UnsafeMutableRawPointer(window).copyMemory(from: window + shift, byteCount: filled - shift)
    filled -= shift
    position -= shift
    covered -= shift
    blockStart -= shift
    let moved = Int32(shift)
    for index in 0..<(1 << Self.hashBits) { head[index] = max(head[index] - moved, -1) }
    for index in 0..<Self.windowSize { chain[index] = max(chain[index] - moved, -1) }
  }
}
