/// A single value (a string, number, `null`, or a value that encodes itself as one of them) as
/// ``SortedJSONEncoder`` writes it.
struct SortedJSONSingleValue: SingleValueEncodingContainer {
  let node: SortedJSONNode
  var codingPath: [any CodingKey] { node.codingPath }

  mutating func encodeNil() throws { node.setScalar(Array("null".utf8)) }
  mutating func encode(_ value: Bool) throws { node.setScalar(Array((value ? "true" : "false").utf8)) }
  mutating func encode(_ value: String) throws { node.setScalar(SortedJSONText.string(value)) }
  mutating func encode(_ value: Double) throws {
    node.setScalar(try SortedJSONText.number(value, codingPath: codingPath))
  }
  mutating func encode(_ value: Float) throws {
    node.setScalar(try SortedJSONText.number(Double(value), codingPath: codingPath))
  }
  mutating func encode(_ value: Int) throws { node.setScalar(Array(String(value).utf8)) }
  mutating func encode(_ value: Int8) throws { node.setScalar(Array(String(value).utf8)) }
  mutating func encode(_ value: Int16) throws { node.setScalar(Array(String(value).utf8)) }
  mutating func encode(_ value: Int32) throws { node.setScalar(Array(String(value).utf8)) }
  mutating func encode(_ value: Int64) throws { node.setScalar(Array(String(value).utf8)) }
  mutating func encode(_ value: UInt) throws { node.setScalar(Array(String(value).utf8)) }
  mutating func encode(_ value: UInt8) throws { node.setScalar(Array(String(value).utf8)) }
  mutating func encode(_ value: UInt16) throws { node.setScalar(Array(String(value).utf8)) }
  mutating func encode(_ value: UInt32) throws { node.setScalar(Array(String(value).utf8)) }
  mutating func encode(_ value: UInt64) throws { node.setScalar(Array(String(value).utf8)) }

  /// A value that asks for a single value container and encodes another value into it takes
  /// that value's whole text (an object or an array included).
  mutating func encode<T: Encodable>(_ value: T) throws {
    try value.encode(to: node)
  }
}
