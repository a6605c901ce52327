import Mustache

/// An object's members as ``TemplateValueEncoder`` collects them.
struct TemplateValueKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: TemplateValueNode
  var codingPath: [any CodingKey] { node.codingPath }

  private func put(_ value: TemplateValue, _ key: Key) {
    guard !node.leavingOut.contains(key.stringValue) else { return }
    node.set(.value(value), forKey: key.stringValue)
  }

  mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    put(try TemplateValueEncoder.number(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    put(try TemplateValueEncoder.number(Double(value), codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { put(.int(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { put(.int(Int(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { put(.int(Int(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { put(.int(Int(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { put(.int(Int(value)), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { put(TemplateValueEncoder.number(UInt64(value)), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.int(Int(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.int(Int(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.int(Int(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { put(TemplateValueEncoder.number(value), key) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    guard !node.leavingOut.contains(key.stringValue) else { return }
    put(try node.encodeChild(value, key: key), key)
  }

  /// A container its caller fills after this returns: kept as a node until the value is read.
  private func pending(_ key: Key) -> TemplateValueNode {
    let child = node.nested(key: key)
    if !node.leavingOut.contains(key.stringValue) { node.set(.node(child), forKey: key.stringValue) }
    return child
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    pending(key).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    pending(key).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let child = node.nested(key: nil)
    node.set(.node(child), forKey: "super")
    return child
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    pending(key)
  }
}
