/// An array as ``SortedJSONEncoder`` writes it: each element's text appended as it is encoded.
struct SortedJSONUnkeyedContainer: UnkeyedEncodingContainer {
  let node: SortedJSONNode
  var codingPath: [any CodingKey] { node.codingPath }
  private(set) var count = 0

  init(node: SortedJSONNode) {
    self.node = node
  }

  private mutating func put(_ text: [UInt8]) {
    node.append(element: SortedJSONChunks(text))
    count += 1
  }

  /// An element its caller fills as a container after this returns.
  private mutating func nested() -> SortedJSONNode {
    count += 1
    return node.appendNested()
  }

  mutating func encodeNil() throws { put(Array("null".utf8)) }
  mutating func encode(_ value: Bool) throws { put(Array((value ? "true" : "false").utf8)) }
  mutating func encode(_ value: String) throws { put(SortedJSONText.string(value)) }
  mutating func encode(_ value: Double) throws { put(try SortedJSONText.number(value, codingPath: codingPath)) }
  mutating func encode(_ value: Float) throws {
    put(try SortedJSONText.number(Double(value), codingPath: codingPath))
  }
  mutating func encode(_ value: Int) throws { put(Array(String(value).utf8)) }
  mutating func encode(_ value: Int8) throws { put(Array(String(value).utf8)) }
  mutating func encode(_ value: Int16) throws { put(Array(String(value).utf8)) }
  mutating func encode(_ value: Int32) throws { put(Array(String(value).utf8)) }
  mutating func encode(_ value: Int64) throws { put(Array(String(value).utf8)) }
  mutating func encode(_ value: UInt) throws { put(Array(String(value).utf8)) }
  mutating func encode(_ value: UInt8) throws { put(Array(String(value).utf8)) }
  mutating func encode(_ value: UInt16) throws { put(Array(String(value).utf8)) }
  mutating func encode(_ value: UInt32) throws { put(Array(String(value).utf8)) }
  mutating func encode(_ value: UInt64) throws { put(Array(String(value).utf8)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    // A pass that only records an object's keys skips an array's elements.
    if node.recordedKeys == nil { node.append(element: try node.encodeChild(value, key: nil)) }
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
