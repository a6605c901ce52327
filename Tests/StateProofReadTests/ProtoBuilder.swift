/// Writes protocol buffers messages field by field, for the App Bundle manifest's tests: aapt2's
/// `XmlNode`, `XmlElement` and `XmlAttribute` (`Resources.proto`) from their field numbers.
enum ProtoBuilder {
  static func varint(_ value: UInt64) -> [UInt8] {
    var bytes: [UInt8] = []
    var rest = value
    repeat {
      bytes.append(UInt8(rest & 0x7F) | (rest > 0x7F ? 0x80 : 0))
      rest >>= 7
    } while rest > 0
    return bytes
  }

  static func field(_ number: Int, varint value: UInt64) -> [UInt8] { varint(UInt64(number << 3)) + varint(value) }

  static func field(_ number: Int, bytes: [UInt8]) -> [UInt8] {
    varint(UInt64(number << 3 | 2)) + varint(UInt64(bytes.count)) + bytes
  }

  static func field(_ number: Int, _ text: String) -> [UInt8] { field(number, bytes: Array(text.utf8)) }

  /// An `XmlAttribute` in the android namespace (or `namespace`), with a resource id when given,
  /// its source text, and a compiled `Item` when given.
  static func attribute(
    _ name: String, id: UInt32? = nil, text: String = "", item: [UInt8]? = nil,
    namespace: String = "http://schemas.android.com/apk/res/android"
  ) -> [UInt8] {
    var bytes = (namespace.isEmpty ? [] : field(1, namespace)) + field(2, name) + field(3, text)
    if let id { bytes += field(5, varint: UInt64(id)) }
    if let item { bytes += field(6, bytes: item) }
    return bytes
  }

  /// `Item { prim = 7 { int_decimal_value = 6 } }`, an int32 sent sign-extended.
  static func decimal(_ value: Int32) -> [UInt8] {
    field(7, bytes: field(6, varint: UInt64(bitPattern: Int64(value))))
  }

  /// `Item { prim = 7 { int_hexadecimal_value = 7 } }`.
  static func hexadecimal(_ value: UInt32) -> [UInt8] { field(7, bytes: field(7, varint: UInt64(value))) }

  /// `Item { ref = 1 { id = 2 } }`.
  static func reference(_ id: UInt32) -> [UInt8] { field(1, bytes: field(2, varint: UInt64(id))) }

  /// An `XmlNode` holding the element `name` with `attributes` and `children` (`XmlNode`s).
  static func element(_ name: String, _ attributes: [[UInt8]] = [], children: [[UInt8]] = []) -> [UInt8] {
    let body = field(3, name) + attributes.flatMap { field(4, bytes: $0) } + children.flatMap { field(5, bytes: $0) }
    return field(1, bytes: body)
  }
}
