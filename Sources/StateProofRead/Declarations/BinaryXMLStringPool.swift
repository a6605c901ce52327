/// The string pool of Android binary XML (`ResStringPool_header`): string `i` is found through an
/// offset table, in UTF-16 or UTF-8 (flag `0x100`), each prefixed by its length in one or two
/// units. Strings are decoded when asked for, checked against the pool's bounds, and cached, so a
/// pool of a million strings costs only the few a manifest's elements name.
struct BinaryXMLStringPool {
  private let bytes: [UInt8]
  private let count: Int
  private let offsetsStart: Int
  private let stringsStart: Int
  /// Where the string data ends: the styles, or the chunk's end.
  private let stringsEnd: Int
  private let isUTF8: Bool
  private var cache: [Int: String] = [:]

  /// The pool in the chunk of `size` bytes with a header of `headerSize` at `start` (already
  /// checked to lie inside `bytes`).
  init(_ bytes: [UInt8], start: Int, headerSize: Int, size: Int) throws(BinaryXMLError) {
    guard headerSize >= 28 else { throw .badStringPool(reason: "its header is \(headerSize) bytes, not 28") }
    let end = start + size
    let stringCount = bytes.uint32(start + 8)
    let styleCount = bytes.uint32(start + 12)
    let stringsOffset = bytes.uint32(start + 20)
    let stylesOffset = bytes.uint32(start + 24)
    let tables = size - headerSize
    guard stringCount <= tables / 4, styleCount <= tables / 4 - stringCount else {
      throw .badStringPool(reason: "\(stringCount) strings and \(styleCount) styles do not fit its \(size) bytes")
    }
    guard stringCount == 0 || (stringsOffset >= headerSize && stringsOffset <= size) else {
      throw .badStringPool(reason: "its strings start at \(stringsOffset), outside it")
    }
    self.bytes = bytes
    count = stringCount
    offsetsStart = start + headerSize
    stringsStart = start + stringsOffset
    stringsEnd = styleCount > 0 && stylesOffset > stringsOffset && stylesOffset <= size ? start + stylesOffset : end
    isUTF8 = bytes.uint32(start + 16) & 0x100 != 0
  }

  /// String `index`; `nil` for the "no string" index (0xFFFFFFFF).
  mutating func string(_ index: Int) throws(BinaryXMLError) -> String? {
    guard index != 0xFFFF_FFFF else { return nil }
    if let cached = cache[index] { return cached }
    guard index < count else { throw .badString(index: index) }
    let start = stringsStart + bytes.uint32(offsetsStart + 4 * index)
    guard start >= stringsStart, start < stringsEnd else { throw .badString(index: index) }
    let string = try isUTF8 ? utf8(at: start, index: index) : utf16(at: start, index: index)
    cache[index] = string
    return string
  }

  /// A UTF-8 string: its length in UTF-16 units, then in bytes (each one byte, or two with the
  /// top bit set), then the bytes.
  private func utf8(at start: Int, index: Int) throws(BinaryXMLError) -> String {
    var position = start
    _ = try length8(&position, index: index)
    let length = try length8(&position, index: index)
    guard length <= stringsEnd - position else { throw .badString(index: index) }
    return String(decoding: bytes[position..<position + length], as: UTF8.self)
  }

  /// A UTF-8 string's length field at `position`, which it moves past.
  private func length8(_ position: inout Int, index: Int) throws(BinaryXMLError) -> Int {
    guard position < stringsEnd else { throw .badString(index: index) }
    let first = Int(bytes[position])
    position += 1
    guard first & 0x80 != 0 else { return first }
    guard position < stringsEnd else { throw .badString(index: index) }
    defer { position += 1 }
    return (first & 0x7F) << 8 | Int(bytes[position])
  }

  /// A UTF-16 string: its length in units (one unit, or two with the top bit set), then the units.
  private func utf16(at start: Int, index: Int) throws(BinaryXMLError) -> String {
    guard start + 2 <= stringsEnd else { throw .badString(index: index) }
    var length = bytes.uint16(start)
    var position = start + 2
    if length & 0x8000 != 0 {
      guard position + 2 <= stringsEnd else { throw .badString(index: index) }
      length = (length & 0x7FFF) << 16 | bytes.uint16(position)
      position += 2
    }
    guard length <= (stringsEnd - position) / 2 else { throw .badString(index: index) }
    let units = (0..<length).map { UInt16(bytes.uint16(position + 2 * $0)) }
    return String(decoding: units, as: UTF16.self)
  }
}
