/// A single value as both encoders keep it: a standard type as an ``EncodedScalar``; any other
/// value takes its whole form (an object or a list included), as in JSON.
struct NodeSingleValueContainer<Node: EncodingNode>: SingleValueEncodingContainer {
  let node: Node
  var codingPath: [any CodingKey] { node.codingPath }

  mutating func encodeNil() throws { try node.set(.null) }
  mutating func encode(_ value: Bool) throws { try node.set(.bool(value)) }
  mutating func encode(_ value: String) throws { try node.set(.string(value)) }
  mutating func encode(_ value: Double) throws { try node.set(.double(value)) }
  mutating func encode(_ value: Float) throws { try node.set(.double(Double(value))) }
  mutating func encode(_ value: Int) throws { try node.set(.int(Int64(value))) }
  mutating func encode(_ value: Int8) throws { try node.set(.int(Int64(value))) }
  mutating func encode(_ value: Int16) throws { try node.set(.int(Int64(value))) }
  mutating func encode(_ value: Int32) throws { try node.set(.int(Int64(value))) }
  mutating func encode(_ value: Int64) throws { try node.set(.int(value)) }
  mutating func encode(_ value: UInt) throws { try node.set(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt8) throws { try node.set(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt16) throws { try node.set(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt32) throws { try node.set(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt64) throws { try node.set(.unsigned(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try value.encode(to: node)
  }
}
