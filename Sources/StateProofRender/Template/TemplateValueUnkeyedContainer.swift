import Mustache

/// A list's elements as ``TemplateValueEncoder`` collects them.
struct TemplateValueUnkeyedContainer: UnkeyedEncodingContainer {
  let node: TemplateValueNode
  var codingPath: [any CodingKey] { node.codingPath }
  private(set) var count = 0

  init(node: TemplateValueNode) {
    self.node = node
  }

  private mutating func put(_ value: TemplateValue) {
    node.append(.value(value))
    count += 1
  }

  private mutating func nested() -> TemplateValueNode {
    let child = node.nested(key: nil)
    node.append(.node(child))
    count += 1
    return child
  }

  mutating func encodeNil() throws { put(.null) }
  mutating func encode(_ value: Bool) throws { put(.bool(value)) }
  mutating func encode(_ value: String) throws { put(.string(value)) }
  mutating func encode(_ value: Double) throws { put(try TemplateValueEncoder.number(value, codingPath: codingPath)) }
  mutating func encode(_ value: Float) throws {
    put(try TemplateValueEncoder.number(Double(value), codingPath: codingPath))
  }
  mutating func encode(_ value: Int) throws { put(.int(value)) }
  mutating func encode(_ value: Int8) throws { put(.int(Int(value))) }
  mutating func encode(_ value: Int16) throws { put(.int(Int(value))) }
  mutating func encode(_ value: Int32) throws { put(.int(Int(value))) }
  mutating func encode(_ value: Int64) throws { put(.int(Int(value))) }
  mutating func encode(_ value: UInt) throws { put(TemplateValueEncoder.number(UInt64(value))) }
  mutating func encode(_ value: UInt8) throws { put(.int(Int(value))) }
  mutating func encode(_ value: UInt16) throws { put(.int(Int(value))) }
  mutating func encode(_ value: UInt32) throws { put(.int(Int(value))) }
  mutating func encode(_ value: UInt64) throws { put(TemplateValueEncoder.number(value)) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    put(try node.encodeChild(value, key: nil))
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
