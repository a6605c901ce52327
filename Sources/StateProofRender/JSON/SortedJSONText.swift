/// The pieces of JSON text ``SortedJSONEncoder`` writes, escaped as Foundation's encoder does:
/// `"` and `\` with a backslash, `\b \t \n \f \r` by name, other controls as `\u00xx`, and every
/// other character (`/` included) as its UTF-8.
enum SortedJSONText {
  static func indent(_ depth: Int) -> [UInt8] {
    [UInt8](repeating: UInt8(ascii: " "), count: depth * 2)
  }

  static func appendString(_ string: String, to text: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    text.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): text += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): text += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x08: text += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
      case 0x09: text += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0x0A: text += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0C: text += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
      case 0x0D: text += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x00..<0x20:
        text += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      default: text.append(byte)
      }
    }
    text.append(UInt8(ascii: "\""))
  }

  static func string(_ string: String) -> [UInt8] {
    var text: [UInt8] = []
    appendString(string, to: &text)
    return text
  }

  /// `scalar` as JSON text.
  static func text(_ scalar: EncodedScalar, codingPath: [any CodingKey]) throws -> [UInt8] {
    switch scalar {
    case .null: Array("null".utf8)
    case .bool(let value): Array((value ? "true" : "false").utf8)
    case .string(let value): string(value)
    case .int(let value): Array(String(value).utf8)
    case .unsigned(let value): Array(String(value).utf8)
    case .double(let value): try number(value, codingPath: codingPath)
    }
  }

  /// A whole number as digits; anything else as Swift's shortest round-trip form. Not a number
  /// and infinities have no JSON form.
  static func number(_ value: Double, codingPath: [any CodingKey]) throws -> [UInt8] {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
    }
    if value == value.rounded(), abs(value) < 1e15 {
      return Array((value.sign == .minus && value == 0 ? "-0" : String(Int64(value))).utf8)
    }
    return Array(value.description.utf8)
  }
}
