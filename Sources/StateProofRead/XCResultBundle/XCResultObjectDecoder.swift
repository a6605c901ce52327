/// Decodes one record of a result bundle's object graph: the length-prefixed tagged text
/// encoding (`[` … `]` a value; `T[…]` a type definition; `S<n>:Type` a reference to one;
/// `K<n>:key` a key; `V<n>:text` a scalar's text; lengths count UTF-8 bytes). Pure Swift over
/// bytes, every length checked against what is left and nesting bounded, so hostile bytes end
/// in an ``XCResultObjectError`` naming the offset, never a crash.
package enum XCResultObjectDecoder {
  /// How deep values may nest (real bundles: under 40).
  package static let maxDepth = 200

  /// Decodes `bytes`, which must hold exactly one value.
  package static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(XCResultObjectError) -> XCResultObject {
    var cursor = Cursor(bytes: bytes)
    let value = try cursor.value(depth: 0)
    // A trailing newline is allowed; anything else is not.
    while cursor.offset < bytes.count, bytes[cursor.offset] == 0x0A || bytes[cursor.offset] == 0x0D {
      cursor.offset += 1
    }
    guard cursor.offset == bytes.count else { throw XCResultObjectError(offset: cursor.offset, reason: .trailingBytes) }
    return value
  }

  /// Decodes an array of bytes (tests, the fuzz harness).
  package static func decode(_ bytes: [UInt8]) throws(XCResultObjectError) -> XCResultObject {
    try bytes.withUnsafeBufferPointer { (buffer) throws(XCResultObjectError) -> XCResultObject in try decode(buffer) }
  }

  /// Whether `bytes` start like a tagged-text record (`[T` or `[S`), not JSON or a log.
  package static func looksEncoded(_ prefix: some Collection<UInt8>) -> Bool {
    var iterator = prefix.makeIterator()
    return iterator.next() == UInt8(ascii: "[")
      && [UInt8(ascii: "T"), UInt8(ascii: "S")].contains(iterator.next() ?? 0)
  }

  private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func expect(_ byte: UInt8) throws(XCResultObjectError) {
      guard peek() == byte else { throw unexpected() }
      offset += 1
    }

    func unexpected() -> XCResultObjectError {
      XCResultObjectError(offset: offset, reason: peek().map { .unexpectedByte($0) } ?? .unexpectedEnd)
    }

    /// `<digits>:<that many bytes>`, after the tag byte.
    mutating func lengthPrefixed() throws(XCResultObjectError) -> String {
      let start = offset
      var length = 0
      var digits = 0
      while let byte = peek(), (0x30...0x39).contains(byte) {
        digits += 1
        guard digits <= 10 else { throw XCResultObjectError(offset: start, reason: .badLength) }
        length = length * 10 + Int(byte - 0x30)
        offset += 1
      }
      guard digits > 0 else { throw XCResultObjectError(offset: start, reason: .badLength) }
      try expect(UInt8(ascii: ":"))
      guard length <= bytes.count - offset else {
        throw XCResultObjectError(offset: start, reason: .lengthPastEnd(length))
      }
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
      offset += length
      return text
    }

    /// One `[` … `]` value.
    mutating func value(depth: Int) throws(XCResultObjectError) -> XCResultObject {
      guard depth < XCResultObjectDecoder.maxDepth else { throw XCResultObjectError(offset: offset, reason: .tooDeep) }
      try expect(UInt8(ascii: "["))
      var object = XCResultObject(type: nil)
      switch peek() {
      case UInt8(ascii: "T")?:
        offset += 1
        let definition = try value(depth: depth + 1)
        object.type = definition.string("_n")
      case UInt8(ascii: "S")?:
        offset += 1
        object.type = try lengthPrefixed()
      default: break
      }
      while true {
        switch peek() {
        case UInt8(ascii: "]")?:
          offset += 1
          return object
        case UInt8(ascii: "K")?:
          let at = offset
          offset += 1
          let key = try lengthPrefixed()
          let field: XCResultObject
          if peek() == UInt8(ascii: "V") {
            offset += 1
            field = XCResultObject(type: nil, text: try lengthPrefixed())
          } else {
            field = try value(depth: depth + 1)
          }
          guard object.fields[key] == nil else { throw XCResultObjectError(offset: at, reason: .repeatedKey(key)) }
          if key == "_v" { object.text = field.text }
          object.fields[key] = field
        case UInt8(ascii: "[")?:
          object.elements.append(try value(depth: depth + 1))
        default:
          throw unexpected()
        }
      }
    }
  }
}
