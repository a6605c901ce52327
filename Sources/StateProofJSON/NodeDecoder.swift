/// The `Decoder` behind ``JSONDecoding``: one value of a read document, with the coding path
/// that reached it. It is also that value's single-value container.
struct NodeDecoder: Decoder, SingleValueDecodingContainer {
  let node: JSONNode
  let codingPath: [any CodingKey]
  /// Where the decoded document sits in the one it was read from.
  let base: JSONPath

  init(_ node: JSONNode, codingPath: [any CodingKey], base: JSONPath) {
    self.node = node
    self.codingPath = codingPath
    self.base = base
  }

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The key path of this value, from the document's root.
  var path: JSONPath {
    JSONPath(
      base.components
        + codingPath.map { key in
          if let index = key as? IndexKey { .index(index.index) } else { .key(key.stringValue) }
        })
  }

  func error(_ reason: JSONDecodingError.Reason) -> JSONDecodingError {
    JSONDecodingError(reason, at: node.position, path: path)
  }

  func mismatch(_ expected: String) -> JSONDecodingError {
    error(.wrongType(expected: expected, found: node.typeDescription))
  }

  /// The decoder of `child`, reached from this value by `key`.
  func child(_ child: JSONNode, key: any CodingKey) -> NodeDecoder {
    NodeDecoder(child, codingPath: codingPath + [key], base: base)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = node.value else { throw mismatch("an object") }
    return KeyedDecodingContainer(KeyedNodeContainer<Key>(decoder: self, members: members))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = node.value else { throw mismatch("an array") }
    return UnkeyedNodeContainer(decoder: self, items: items)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  // MARK: The value itself

  func decodeNil() -> Bool { node.value == .null }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let flag) = node.value else { throw mismatch("a boolean") }
    return flag
  }

  func decode(_ type: String.Type) throws -> String {
    guard case .string(let text) = node.value else { throw mismatch("a string") }
    return text
  }

  func decode(_ type: Double.Type) throws -> Double {
    guard case .number(let number) = node.value else { throw mismatch("a number") }
    guard let value = Double(number.text), value.isFinite else {
      throw error(.outOfRange(number: number.text, type: "a 64-bit floating-point number"))
    }
    return value
  }

  func decode(_ type: Float.Type) throws -> Float {
    guard case .number(let number) = node.value else { throw mismatch("a number") }
    guard let value = Float(number.text), value.isFinite else {
      throw error(.outOfRange(number: number.text, type: "a 32-bit floating-point number"))
    }
    return value
  }

  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

  /// An integer written as one (`12`), or as a number whose value is exactly one (`1.2e1`);
  /// one that does not fit `T` is refused, never rounded or wrapped.
  private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    guard case .number(let number) = node.value else { throw mismatch("an integer") }
    if let value = T(number.text, radix: 10) { return value }
    let isInteger = !number.text.contains { $0 == "." || $0 == "e" || $0 == "E" }
    if !isInteger, let value = Double(number.text), value.rounded() == value, abs(value) < 0x1p53,
      let exact = T(exactly: value)
    {
      return exact
    }
    if isInteger || (Double(number.text).map { $0.rounded() == $0 } ?? false) {
      throw error(.outOfRange(number: number.text, type: "\(T.self)"))
    }
    throw error(.wrongType(expected: "an integer", found: "the number \(number.text)"))
  }
}

/// An object's members, by the keys a type asks for.
struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: NodeDecoder
  let members: [String: JSONNode]

  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  /// The decoder of the member `key`; a missing one is an error at this object.
  private func member(_ key: Key) throws -> NodeDecoder {
    guard let node = members[key.stringValue] else { throw decoder.error(.missingKey(key.stringValue)) }
    return decoder.child(node, key: key)
  }

  func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).decode(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).decode(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(type) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decode(type) }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try member(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try member(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    decoder.child(members["super"] ?? JSONNode(.null, at: decoder.node.position), key: IndexKey(0))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.child(members[key.stringValue] ?? JSONNode(.null, at: decoder.node.position), key: key)
  }
}

/// An array's elements, one after another.
struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
  let decoder: NodeDecoder
  let items: [JSONNode]
  var currentIndex = 0

  init(decoder: NodeDecoder, items: [JSONNode]) {
    self.decoder = decoder
    self.items = items
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  /// The decoder of the next element, moving past it; past the end, an error at the array.
  private mutating func next() throws -> NodeDecoder {
    guard !isAtEnd else {
      throw decoder.error(.wrongType(expected: "more than \(items.count) elements", found: "the end of the array"))
    }
    defer { currentIndex += 1 }
    return decoder.child(items[currentIndex], key: IndexKey(currentIndex))
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, items[currentIndex].value == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
  mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next().container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next().unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try next() }
}
