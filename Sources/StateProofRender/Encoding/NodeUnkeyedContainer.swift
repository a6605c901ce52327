/// A list's elements as both encoders collect them: each standard type as an ``EncodedScalar``,
/// everything else handed to the ``EncodingNode``.
struct NodeUnkeyedContainer<Node: EncodingNode>: UnkeyedEncodingContainer {
  let node: Node
  var codingPath: [any CodingKey] { node.codingPath }
  private(set) var count = 0

  init(node: Node) {
    self.node = node
  }

  private mutating func put(_ scalar: EncodedScalar) throws {
    try node.append(scalar)
    count += 1
  }

  private mutating func nested() -> Node {
    count += 1
    return node.appendPending()
  }

  mutating func encodeNil() throws { try put(.null) }
  mutating func encode(_ value: Bool) throws { try put(.bool(value)) }
  mutating func encode(_ value: String) throws { try put(.string(value)) }
  mutating func encode(_ value: Double) throws { try put(.double(value)) }
  mutating func encode(_ value: Float) throws { try put(.double(Double(value))) }
  mutating func encode(_ value: Int) throws { try put(.int(Int64(value))) }
  mutating func encode(_ value: Int8) throws { try put(.int(Int64(value))) }
  mutating func encode(_ value: Int16) throws { try put(.int(Int64(value))) }
  mutating func encode(_ value: Int32) throws { try put(.int(Int64(value))) }
  mutating func encode(_ value: Int64) throws { try put(.int(value)) }
  mutating func encode(_ value: UInt) throws { try put(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt8) throws { try put(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt16) throws { try put(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt32) throws { try put(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt64) throws { try put(.unsigned(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try node.append(value)
    count += 1
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    nested().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    nested().unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    nested()
  }
}
