import Foundation

/// Reads the few attribute and text values the JUnit reader keeps, straight from libxml2's
/// borrowed NUL-terminated bytes, leniently: a value that makes no sense becomes nil, never an error.
enum JUnitText {
  /// The most bytes of a message (or of a stopped run's cause) the reader keeps: enough for a
  /// failure with its cause and stack trace, while a 10 MB `system-err` costs no more.
  static let messageLimit = 16 * 1024
  /// Ends a message that was cut at ``messageLimit``, so nobody takes it for the whole.
  static let cutMarker = " [… cut: longer than 16 KiB]"

  /// Seconds from a `time` attribute: `1.5`, `1,5` (decimal comma), `1,234.5` (thousands
  /// separator, old Surefire). Nil for empty, negative, non-finite or non-numeric values.
  static func seconds(_ value: UnsafePointer<UInt8>) -> Double? {
    seconds(
      UnsafeBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))))
  }

  /// Seconds from a `time` attribute's bytes (see ``seconds(_:)-(UnsafePointer<UInt8>)``).
  static func seconds(_ value: UnsafeBufferPointer<UInt8>) -> Double? {
    if let plain = plainDecimal(value) { return plain }
    var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &bytes) { buffer -> Double? in
      let capacity = buffer.count - 1
      var lower = 0
      var upper = value.count
      while lower < upper, isSpace(value[lower]) { lower += 1 }
      while upper > lower, isSpace(value[upper - 1]) { upper -= 1 }
      guard upper > lower, upper - lower <= capacity else { return nil }
      let text = UnsafeBufferPointer(rebasing: value[lower..<upper])
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

  /// `digits[.digits]` with at most 15 digits, the shape nearly every `time` has, converted
  /// without `strtod`: both the digits and the power of ten are exact doubles, so one division
  /// rounds correctly. Nil for anything else, which takes the general path.
  private static func plainDecimal(_ value: UnsafeBufferPointer<UInt8>) -> Double? {
    guard value.count <= 16 else { return nil }
    var mantissa: UInt64 = 0
    var digits = 0
    var scale: UInt64 = 1
    var inFraction = false
    for byte in value {
      let digit = byte &- UInt8(ascii: "0")
      if digit < 10 {
        mantissa = mantissa &* 10 &+ UInt64(digit)
        digits += 1
        if inFraction { scale &*= 10 }
      } else if byte == UInt8(ascii: "."), !inFraction {
        inFraction = true
      } else {
        return nil
      }
    }
    guard digits > 0, digits <= 15 else { return nil }
    return Double(mantissa) / Double(scale)
  }

  /// The text of `bytes` without blank lines or blanks at either end, cut at ``messageLimit``
  /// (never inside a UTF-8 sequence) and then marked with ``cutMarker``, as it also is when
  /// `isCut` says the bytes are already a cut prefix; nil when only blanks are left. Invalid
  /// UTF-8 is repaired, not rejected.
  static func message(_ bytes: UnsafeBufferPointer<UInt8>, isCut: Bool = false) -> String? {
    var start = 0
    var end = bytes.count
    while start < end, isBlank(bytes[start]) { start += 1 }
    var cut = isCut
    if end - start > messageLimit {
      end = start + messageLimit
      cut = true
    }
    if cut {
      // Drop a UTF-8 sequence the cut left unfinished.
      while end > start, bytes[end - 1] & 0xC0 == 0x80 { end -= 1 }
      if end > start, bytes[end - 1] >= 0xC0 { end -= 1 }
    }
    while end > start, isBlank(bytes[end - 1]) { end -= 1 }
    guard end > start else { return nil }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    return cut ? text + cutMarker : text
  }

  /// The text of `bytes` from the start of the line holding `offset` (see ``message(_:isCut:)``).
  static func message(fromLineOf offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var lineStart = min(offset, bytes.count)
    while lineStart > 0, !isNewline(bytes[lineStart - 1]) { lineStart -= 1 }
    return message(UnsafeBufferPointer(rebasing: bytes[lineStart...]))
  }

  /// A result's message: its `message` attribute whole; the element's text when the attribute is
  /// missing; and when the attribute is a one-line header, the text too (alone if it repeats the
  /// header, as a stack trace's first line does, else after it).
  static func message(attribute: String?, text: String?) -> String? {
    guard let attribute else { return text }
    guard let text, isOneLine(attribute) else { return attribute }
    if text.contains(attribute) { return text }
    let both = attribute + "\n" + text
    guard both.utf8.count > messageLimit + cutMarker.utf8.count else { return both }
    return Array(both.utf8).withUnsafeBufferPointer { message($0, isCut: true) }
  }

  /// Whether `value` holds at most one line that is not blank, so its text may say more.
  static func isOneLine(_ value: String) -> Bool {
    !value.contains(where: \.isNewline)
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

  /// Whether the NUL-terminated `value` ends with `suffix`.
  static func hasSuffix(_ value: UnsafePointer<UInt8>, _ suffix: StaticString) -> Bool {
    let count = strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    let length = suffix.utf8CodeUnitCount
    guard count >= length else { return false }
    return (0..<length).allSatisfy { value[count - length + $0] == suffix.utf8Start[$0] }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  /// A space, tab or line break.
  static func isBlank(_ byte: UInt8) -> Bool {
    isSpace(byte) || isNewline(byte)
  }

  private static func isNewline(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }
}
