/// One value being encoded by ``SortedJSONEncoder``, at a nesting depth: the `Encoder` its type's
/// `encode(to:)` is given. What that asks for (an object, an array or a single value) is kept as
/// text; an object's members stay apart until ``write(to:)`` sorts them.
final class SortedJSONNode: Encoder {
  let depth: Int
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  private enum Content {
    case empty
    case scalar([UInt8])
    case object([(key: String, value: SortedJSONChunks)])
    /// The text so far, from `[` on, and whether an element was written.
    case array(SortedJSONChunks, hasElements: Bool)
  }

  private var content = Content.empty

  init(depth: Int, codingPath: [any CodingKey]) {
    self.depth = depth
    self.codingPath = codingPath
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = content {} else { content = .object([]) }
    return KeyedEncodingContainer(SortedJSONKeyedContainer<Key>(node: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = content {} else {
      content = .array(SortedJSONChunks([UInt8(ascii: "[")]), hasElements: false)
    }
    return SortedJSONUnkeyedContainer(node: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SortedJSONSingleValue(node: self)
  }

  // MARK: Filling

  func setScalar(_ text: [UInt8]) {
    content = .scalar(text)
  }

  func add(key: String, _ value: SortedJSONChunks) {
    guard case .object(var members) = content else { return }
    content = .empty
    members.append((key, value))
    content = .object(members)
  }

  /// Appends one element's text to the array's.
  func append(element: consuming SortedJSONChunks) {
    guard case .array(var text, let hasElements) = content else { return }
    content = .empty
    text.append((hasElements ? [UInt8(ascii: ","), 0x0A] : [0x0A]) + SortedJSONText.indent(depth + 1))
    text.append(element)
    content = .array(text, hasElements: true)
  }

  /// A container one level down whose text goes where it was asked for once it is written.
  func nested(key: (any CodingKey)?) -> SortedJSONNode {
    SortedJSONNode(depth: depth + 1, codingPath: codingPath + (key.map { [$0] } ?? []))
  }

  /// The text of `value` encoded by a fresh node one level down.
  func encodeChild(_ value: some Encodable, key: (any CodingKey)?) throws -> SortedJSONChunks {
    let child = nested(key: key)
    try value.encode(to: child)
    return child.chunks()
  }

  // MARK: Text

  /// The value's text, in pieces.
  func chunks() -> SortedJSONChunks {
    switch content {
    case .scalar(let text):
      content = .empty
      return SortedJSONChunks(text)
    case .array:
      guard case .array(var text, let hasElements) = content else { return SortedJSONChunks() }
      content = .empty
      text.append((hasElements ? [0x0A] : [0x0A, 0x0A]) + SortedJSONText.indent(depth) + [UInt8(ascii: "]")])
      return text
    case .empty, .object:
      var text: [UInt8] = []
      write(to: &text)
      return SortedJSONChunks(text)
    }
  }

  /// Appends the value's JSON text to `out`, letting go of each member's text once written, so
  /// the whole is never held twice: `{}` and `[]` with a blank line when empty, as Foundation
  /// writes them.
  func write<Output: RangeReplaceableCollection<UInt8>>(to out: inout Output) {
    let indent = SortedJSONText.indent(depth)
    guard case .object(var members) = content, !members.isEmpty else {
      if case .empty = content {
        out += Array("{\n\n".utf8) + indent + [UInt8(ascii: "}")]
      } else if case .object = content {
        content = .empty
        out += Array("{\n\n".utf8) + indent + [UInt8(ascii: "}")]
      } else {
        var text = chunks()
        text.write(to: &out)
      }
      return
    }
    content = .empty
    members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    let inner = SortedJSONText.indent(depth + 1)
    // Sized once, so a report's tens of megabytes are not copied into ever larger buffers.
    out.reserveCapacity(
      out.count + members.reduce(0) { $0 + $1.key.utf8.count + $1.value.byteCount + inner.count + 8 } + depth * 2 + 4)
    out += [UInt8(ascii: "{"), 0x0A]
    for index in members.indices {
      if index > 0 { out += [UInt8(ascii: ","), 0x0A] }
      out += inner
      out += SortedJSONText.string(members[index].key)
      out += Array(" : ".utf8)
      var value = members[index].value
      members[index].value = SortedJSONChunks()
      value.write(to: &out)
    }
    out.append(0x0A)
    out += indent
    out.append(UInt8(ascii: "}"))
  }
}
