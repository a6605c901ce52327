/// Why a record of the object graph could not be decoded, and at which byte.
package struct XCResultObjectError: Error, Sendable, Equatable, CustomStringConvertible {
  package enum Reason: Sendable, Equatable {
    case unexpectedByte(UInt8)
    case unexpectedEnd
    case badLength
    /// A length runs past the end of the record.
    case lengthPastEnd(Int)
    case tooDeep
    case repeatedKey(String)
    case trailingBytes
  }

  package var offset: Int
  package var reason: Reason

  package var description: String {
    let what =
      switch reason {
      case .unexpectedByte(let byte): "unexpected byte 0x\(String(byte, radix: 16))"
      case .unexpectedEnd: "the record ends in the middle of a value"
      case .badLength: "a length that is not a number of at most 10 digits"
      case .lengthPastEnd(let length): "a length of \(length) bytes runs past the end of the record"
      case .tooDeep: "values nest deeper than \(XCResultObjectDecoder.maxDepth) levels"
      case .repeatedKey(let key): "the key \"\(key)\" is given twice in one object"
      case .trailingBytes: "bytes after the record's last value"
      }
    return "\(what) (byte \(offset))"
  }
}
