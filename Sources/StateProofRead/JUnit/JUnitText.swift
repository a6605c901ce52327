import Foundation

/// Reads the few attribute and text values the JUnit reader keeps, straight from libxml2's
/// borrowed NUL-terminated bytes, leniently: a value that makes no sense becomes nil, never an error.
enum JUnitText {
  /// The most bytes of a message the reader keeps: messages are for people, stack traces are not.
  static let messageLimit = 512

  /// Seconds from a `time` attribute: `1.5`, `1,5` (decimal comma), `1,234.5` (thousands
  /// separator, old Surefire). Nil for empty, negative, non-finite or non-numeric values.
  static func seconds(_ value: UnsafePointer<UInt8>) -> Double? {
    if let plain = plainDecimal(value) { return plain }
    var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &bytes) { buffer -> Double? in
      let capacity = buffer.count - 1
      var start = value
      while isSpace(start[0]) { start += 1 }
      var length = 0
      while start[length] != 0 { length += 1 }
      while length > 0, isSpace(start[length - 1]) { length -= 1 }
      guard length > 0, length <= capacity else { return nil }
      let text = UnsafeBufferPointer(start: start, count: length)
      let hasPoint = text.contains(UInt8(ascii: "."))
      var count = 0
      for byte in text {
        switch byte {
        case UInt8(ascii: ","):
          if hasPoint { continue }
          buffer[count] = UInt8(ascii: ".")
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"),
          UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
          buffer[count] = byte
        default:
          return nil
        }
        count += 1
      }
      buffer[count] = 0
      let base = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
      var end: UnsafeMutablePointer<CChar>?
      let number = strtod(base, &end)
      guard end == base + count, count > 0, number.isFinite, number >= 0 else { return nil }
      return number
    }
  }

  /// Exact powers of ten, for ``plainDecimal(_:)``.
  private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

  /// `digits[.digits]` with at most 15 digits, the shape nearly every `time` has, converted
  /// without `strtod`: both the digits and the power of ten are exact doubles, so one division
  /// rounds correctly. Nil for anything else, which takes the general path.
  private static func plainDecimal(_ value: UnsafePointer<UInt8>) -> Double? {
    var mantissa: UInt64 = 0
    var digits = 0
    var fraction = -1
    var index = 0
    while true {
      let byte = value[index]
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
        digits += 1
        if fraction >= 0 { fraction += 1 }
      } else if byte == UInt8(ascii: "."), fraction < 0 {
        fraction = 0
      } else if byte == 0 {
        break
      } else {
        return nil
      }
      index += 1
      if digits > 15 { return nil }
    }
    guard digits > 0 else { return nil }
    return Double(mantissa) / powersOfTen[max(fraction, 0)]
  }

  /// The first non-blank line of `value`, trimmed and cut at ``messageLimit`` bytes (never inside
  /// a UTF-8 sequence); nil when there is none. Invalid UTF-8 is repaired, not rejected.
  static func firstLine(_ value: UnsafePointer<UInt8>) -> String? {
    var start = value
    while isSpace(start[0]) || isNewline(start[0]) { start += 1 }
    var length = 0
    while length < messageLimit, start[length] != 0, !isNewline(start[length]) { length += 1 }
    if length == messageLimit, start[length] != 0 {
      while length > 0, start[length] & 0xC0 == 0x80 { length -= 1 }
    }
    while length > 0, isSpace(start[length - 1]) { length -= 1 }
    guard length > 0 else { return nil }
    return String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
  }

  /// The whole of a NUL-terminated value, for names and identities.
  static func string(_ value: UnsafePointer<UInt8>) -> String {
    String(cString: value)
  }

  /// Whether the NUL-terminated `value` contains `needle`, for recognising producers.
  static func contains(_ value: UnsafePointer<UInt8>, _ needle: StaticString) -> Bool {
    let count = needle.utf8CodeUnitCount
    var cursor = value
    while cursor[0] != 0 {
      var matched = 0
      while matched < count, cursor[matched] == needle.utf8Start[matched] { matched += 1 }
      if matched == count { return true }
      cursor += 1
    }
    return false
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  private static func isNewline(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }
}
