/// An object's members as ``SortedJSONEncoder`` collects them, each value's text made as it is
/// encoded.
struct SortedJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: SortedJSONNode
  var codingPath: [any CodingKey] { node.codingPath }

  private func put(_ text: [UInt8], _ key: Key) {
    node.add(key: key.stringValue, SortedJSONChunks(text))
  }

  mutating func encodeNil(forKey key: Key) throws { put(Array("null".utf8), key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { put(Array((value ? "true" : "false").utf8), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { put(SortedJSONText.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    put(try SortedJSONText.number(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    put(try SortedJSONText.number(Double(value), codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { put(Array(String(value).utf8), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { put(Array(String(value).utf8), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { put(Array(String(value).utf8), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { put(Array(String(value).utf8), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { put(Array(String(value).utf8), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { put(Array(String(value).utf8), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { put(Array(String(value).utf8), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { put(Array(String(value).utf8), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { put(Array(String(value).utf8), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { put(Array(String(value).utf8), key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try node.addMember(value, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = node.nested(key: key)
    node.add(key: key.stringValue, Self.pending(child), stillFilling: true)
    return child.container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = node.nested(key: key)
    node.add(key: key.stringValue, Self.pending(child), stillFilling: true)
    return child.unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let child = node.nested(key: nil)
    node.add(key: "super", Self.pending(child), stillFilling: true)
    return child
  }

  private static func pending(_ child: SortedJSONNode) -> SortedJSONChunks {
    var chunks = SortedJSONChunks()
    chunks.append(node: child)
    return chunks
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let child = node.nested(key: key)
    node.add(key: key.stringValue, Self.pending(child), stillFilling: true)
    return child
  }
}
