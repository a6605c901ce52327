/// An object's members as both encoders collect them: each standard type as an ``EncodedScalar``,
/// everything else handed to the ``EncodingNode``.
struct NodeKeyedContainer<Node: EncodingNode, Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: Node
  var codingPath: [any CodingKey] { node.codingPath }

  mutating func encodeNil(forKey key: Key) throws { try node.put(.null, forKey: key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { try node.put(.bool(value), forKey: key) }
  mutating func encode(_ value: String, forKey key: Key) throws { try node.put(.string(value), forKey: key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try node.put(.double(value), forKey: key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try node.put(.double(Double(value)), forKey: key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try node.put(.int(Int64(value)), forKey: key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try node.put(.int(Int64(value)), forKey: key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try node.put(.int(Int64(value)), forKey: key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try node.put(.int(Int64(value)), forKey: key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try node.put(.int(value), forKey: key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try node.put(.unsigned(UInt64(value)), forKey: key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try node.put(.unsigned(UInt64(value)), forKey: key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try node.put(.unsigned(UInt64(value)), forKey: key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try node.put(.unsigned(UInt64(value)), forKey: key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try node.put(.unsigned(value), forKey: key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try node.put(value, forKey: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    node.pendingMember(key, name: key.stringValue).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    node.pendingMember(key, name: key.stringValue).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    node.pendingMember(nil, name: "super")
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    node.pendingMember(key, name: key.stringValue)
  }
}
