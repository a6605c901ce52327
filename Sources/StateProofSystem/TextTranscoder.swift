/// Turns a text file's bytes, fed a chunk at a time, into UTF-8, so every text reader sees one
/// encoding: UTF-16 named by its byte-order mark (either byte order; Windows PowerShell 5's `>`
/// writes UTF-16LE) is transcoded, a UTF-8 byte-order mark is dropped, and any other bytes pass
/// through untouched (no copy). A code unit or surrogate pair split between chunks is joined; an
/// unpaired surrogate becomes U+FFFD, as `String(decoding:as:)` makes of invalid UTF-8.
package struct TextTranscoder {
  /// What the byte-order mark says the file is; a file without one is read as UTF-8.
  package enum Encoding: String, Sendable, Hashable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
  }

  /// Decided by the first bytes (nil while they could still be the start of a byte-order mark).
  package private(set) var encoding: Encoding?
  /// How many unpaired surrogates became U+FFFD: UTF-16 that is no text (binary data that
  /// happens to start with a byte-order mark) has many.
  package private(set) var replaced = 0

  /// The first bytes, until they decide the encoding.
  private var start: [UInt8] = []
  /// The first byte of a UTF-16 code unit whose second byte is in the next chunk.
  private var halfUnit: UInt8?
  /// A high surrogate waiting for the low one in the next code unit.
  private var highSurrogate: UInt16?
  /// The UTF-8 made of one chunk of UTF-16, reused from chunk to chunk.
  private var output: [UInt8] = []

  private static let utf8Mark: [UInt8] = [0xEF, 0xBB, 0xBF]
  private static let littleEndianMark: [UInt8] = [0xFF, 0xFE]
  private static let bigEndianMark: [UInt8] = [0xFE, 0xFF]

  package init() {}

  /// Hands the UTF-8 of the next chunk `bytes` to `body` (nothing while the encoding is still
  /// undecided). What `body` is given is valid only during the call.
  package mutating func feed(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard let encoding else {
      // At most a mark's length is held back; the rest of the chunk is not copied.
      let taken = min(bytes.count, 3 - start.count)
      start.append(contentsOf: bytes[..<taken])
      guard let (decided, markLength) = Self.decide(start, final: false) else { return }
      encoding = decided
      let held = start
      start = []
      held.withUnsafeBytes { emit(UnsafeRawBufferPointer(rebasing: $0[markLength...]), as: decided, body) }
      emit(UnsafeRawBufferPointer(rebasing: bytes[taken...]), as: decided, body)
      return
    }
    emit(bytes, as: encoding, body)
  }

  /// Ends the input, handing `body` what is left.
  /// - Returns: the problem when the UTF-16 ends inside a character; nil when the text is whole.
  package mutating func finish(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> TextEncodingProblem? {
    if encoding == nil {
      // Fewer bytes than a byte-order mark, and none began one: they are what they are.
      let (decided, markLength) = Self.decide(start, final: true) ?? (.utf8, 0)
      encoding = decided
      let held = start
      start = []
      held.withUnsafeBytes { emit(UnsafeRawBufferPointer(rebasing: $0[markLength...]), as: decided, body) }
    }
    guard encoding != .utf8, halfUnit != nil || highSurrogate != nil else { return nil }
    return .cutCharacter(encoding!)
  }

  /// The encoding `bytes` (the file's first) name and their mark's length; nil while more bytes
  /// could still make a mark, unless `final`.
  private static func decide(_ bytes: [UInt8], final: Bool) -> (Encoding, Int)? {
    if bytes.starts(with: utf8Mark) { return (.utf8, 3) }
    if bytes.starts(with: littleEndianMark) { return (.utf16LittleEndian, 2) }
    if bytes.starts(with: bigEndianMark) { return (.utf16BigEndian, 2) }
    let couldBeMark = [utf8Mark, littleEndianMark, bigEndianMark].contains { $0.starts(with: bytes) }
    return couldBeMark && !final ? nil : (.utf8, 0)
  }

  private mutating func emit(
    _ bytes: UnsafeRawBufferPointer, as encoding: Encoding, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard encoding != .utf8 else {
      body(bytes.assumingMemoryBound(to: UInt8.self))
      return
    }
    output.removeAll(keepingCapacity: true)
    output.reserveCapacity(bytes.count / 2 * 3 + 4)
    let littleEndian = encoding == .utf16LittleEndian
    var index = 0
    if let first = halfUnit, !bytes.isEmpty {
      halfUnit = nil
      append(Self.unit(first, bytes[0], littleEndian: littleEndian))
      index = 1
    }
    while index + 1 < bytes.count {
      append(Self.unit(bytes[index], bytes[index + 1], littleEndian: littleEndian))
      index += 2
    }
    if index < bytes.count { halfUnit = bytes[index] }
    output.withUnsafeBufferPointer(body)
  }

  private static func unit(_ first: UInt8, _ second: UInt8, littleEndian: Bool) -> UInt16 {
    littleEndian ? UInt16(second) << 8 | UInt16(first) : UInt16(first) << 8 | UInt16(second)
  }

  /// Appends the UTF-8 of one UTF-16 code unit, pairing surrogates.
  private mutating func append(_ unit: UInt16) {
    if let high = highSurrogate {
      highSurrogate = nil
      if (0xDC00...0xDFFF).contains(unit) {
        appendScalar(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00))
        return
      }
      appendReplacement()
    }
    switch unit {
    case 0xD800...0xDBFF: highSurrogate = unit
    case 0xDC00...0xDFFF: appendReplacement()
    default: appendScalar(UInt32(unit))
    }
  }

  private mutating func appendReplacement() {
    replaced += 1
    appendScalar(0xFFFD)
  }

  private mutating func appendScalar(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      output.append(UInt8(scalar))
    case 0x80..<0x800:
      output.append(0xC0 | UInt8(scalar >> 6))
      output.append(0x80 | UInt8(scalar & 0x3F))
    case 0x800..<0x10000:
      output.append(0xE0 | UInt8(scalar >> 12))
      output.append(0x80 | UInt8(scalar >> 6 & 0x3F))
      output.append(0x80 | UInt8(scalar & 0x3F))
    default:
      output.append(0xF0 | UInt8(scalar >> 18))
      output.append(0x80 | UInt8(scalar >> 12 & 0x3F))
      output.append(0x80 | UInt8(scalar >> 6 & 0x3F))
      output.append(0x80 | UInt8(scalar & 0x3F))
    }
  }
}
