/// The fields of one protocol buffers message (the wire format: a varint key, then a varint, a
/// length-delimited run, or 4 or 8 fixed bytes), read one at a time from a range of bytes. Every
/// length is checked against the message's end before it is followed, so a nested message can
/// never reach outside its parent; groups, which aapt2 does not write, are refused.
struct ProtoFields {
  /// A field's value: a varint, or the range of a length-delimited one (a string, bytes, a
  /// nested message); fixed-width values are skipped.
  enum Value {
    case varint(UInt64)
    case bytes(Range<Int>)
    case fixed
  }

  private let bytes: [UInt8]
  private var position: Int
  private let end: Int

  init(_ bytes: [UInt8], _ range: Range<Int>) {
    self.bytes = bytes
    position = range.lowerBound
    end = range.upperBound
  }

  /// The next field's number and value; nil at the message's end.
  mutating func next() throws(ProtoError) -> (number: Int, value: Value)? {
    guard position < end else { return nil }
    let start = position
    let key = try varint()
    let number = key >> 3
    guard number > 0 else { throw .badFieldNumber(offset: start) }
    switch key & 7 {
    case 0: return (Int(truncatingIfNeeded: number), .varint(try varint()))
    case 1, 5:
      let width = key & 7 == 1 ? 8 : 4
      guard width <= end - position else { throw .truncated(offset: start) }
      position += width
      return (Int(truncatingIfNeeded: number), .fixed)
    case 2:
      let length = try varint()
      guard length <= UInt64(end - position) else { throw .truncated(offset: start) }
      let range = position..<position + Int(length)
      position = range.upperBound
      return (Int(truncatingIfNeeded: number), .bytes(range))
    default: throw .badWireType(Int(key & 7), offset: start)
    }
  }

  /// The text of a length-delimited value, as UTF-8.
  func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

  private mutating func varint() throws(ProtoError) -> UInt64 {
    let start = position
    var value: UInt64 = 0
    for shift in stride(from: 0, to: 70, by: 7) {
      guard position < end else { throw .truncated(offset: start) }
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << UInt64(min(shift, 63))
      if byte & 0x80 == 0 { return value }
    }
    throw .badVarint(offset: start)
  }
}
