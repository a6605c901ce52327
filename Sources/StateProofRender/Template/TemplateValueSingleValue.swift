import Mustache

/// A single value as ``TemplateValueEncoder`` keeps it.
struct TemplateValueSingleValue: SingleValueEncodingContainer {
  let node: TemplateValueNode
  var codingPath: [any CodingKey] { node.codingPath }

  mutating func encodeNil() throws { node.set(.null) }
  mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
  mutating func encode(_ value: String) throws { node.set(.string(value)) }
  mutating func encode(_ value: Double) throws { node.set(try TemplateValueEncoder.number(value, codingPath: codingPath)) }
  mutating func encode(_ value: Float) throws {
    node.set(try TemplateValueEncoder.number(Double(value), codingPath: codingPath))
  }
  mutating func encode(_ value: Int) throws { node.set(.int(value)) }
  mutating func encode(_ value: Int8) throws { node.set(.int(Int(value))) }
  mutating func encode(_ value: Int16) throws { node.set(.int(Int(value))) }
  mutating func encode(_ value: Int32) throws { node.set(.int(Int(value))) }
  mutating func encode(_ value: Int64) throws { node.set(.int(Int(value))) }
  mutating func encode(_ value: UInt) throws { node.set(TemplateValueEncoder.number(UInt64(value))) }
  mutating func encode(_ value: UInt8) throws { node.set(.int(Int(value))) }
  mutating func encode(_ value: UInt16) throws { node.set(.int(Int(value))) }
  mutating func encode(_ value: UInt32) throws { node.set(.int(Int(value))) }
  mutating func encode(_ value: UInt64) throws { node.set(TemplateValueEncoder.number(value)) }

  /// A value encoded into a single value container takes its whole form (an object or a list
  /// included), as in JSON.
  mutating func encode<T: Encodable>(_ value: T) throws {
    try value.encode(to: node)
  }
}
