/// One value being encoded by ``SortedJSONEncoder``, at a nesting depth: the `Encoder` its type's
/// `encode(to:)` is given. What that asks for (an object, an array or a single value) is kept as
/// text; an object's members stay apart until ``write(to:)`` sorts them.
///
/// The root of a document whose root is an object hands its members to a ``SortedJSONTop``
/// (`root`), and a member whose turn has come writes itself there directly (`direct`).
final class SortedJSONNode: EncodingNode {
  let depth: Int
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// Set on the root node when its members are written as they come.
  let root: SortedJSONTop?
  /// Set on a member of the root written straight into the output.
  var direct: SortedJSONTop?
  /// Set on a root that only records its keys (the first pass), in the order given.
  var recordedKeys: [String]?
  /// Whether `encode(to:)` asked this node for an object.
  private(set) var isObject = false

  private enum Content {
    case empty
    case scalar([UInt8])
    case object([(key: String, value: SortedJSONChunks)])
    /// The text so far, from `[` on, and whether an element was written.
    case array(SortedJSONChunks, hasElements: Bool)
    /// An array written into `direct` as its elements come; once an element is a container its
    /// caller still fills, that element and the ones after it wait in `tail`.
    case directArray(hasElements: Bool, tail: SortedJSONChunks?)
  }

  private var content = Content.empty

  init(depth: Int, codingPath: [any CodingKey], root: SortedJSONTop? = nil) {
    self.depth = depth
    self.codingPath = codingPath
    self.root = root
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    isObject = true
    if case .object = content {} else { content = .object([]) }
    return KeyedEncodingContainer(NodeKeyedContainer<SortedJSONNode, Key>(node: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if recordedKeys != nil { return NodeUnkeyedContainer(node: self) }
    switch content {
    case .array, .directArray: break
    default:
      if let direct {
        direct.append([UInt8(ascii: "[")])
        content = .directArray(hasElements: false, tail: nil)
      } else {
        content = .array(SortedJSONChunks([UInt8(ascii: "[")]), hasElements: false)
      }
    }
    return NodeUnkeyedContainer(node: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    NodeSingleValueContainer(node: self)
  }

  // MARK: Filling

  func set(_ scalar: EncodedScalar) throws {
    content = .scalar(try SortedJSONText.text(scalar, codingPath: codingPath))
  }

  func put(_ scalar: EncodedScalar, forKey key: any CodingKey) throws {
    add(key: key.stringValue, SortedJSONChunks(try SortedJSONText.text(scalar, codingPath: codingPath + [key])))
  }

  func pendingMember(_ key: (any CodingKey)?, name: String) -> SortedJSONNode {
    let child = nested(key: key)
    var pending = SortedJSONChunks()
    pending.append(node: child)
    add(key: name, pending, stillFilling: true)
    return child
  }

  func append(_ scalar: EncodedScalar) throws {
    append(element: SortedJSONChunks(try SortedJSONText.text(scalar, codingPath: codingPath)))
  }

  func append(_ value: some Encodable) throws {
    // A pass that only records an object's keys skips an array's elements.
    if recordedKeys == nil { append(element: try encodeChild(value, key: nil)) }
  }

  /// Adds an object member; the root passes it on to be written in its turn.
  func add(key: String, _ value: SortedJSONChunks, stillFilling: Bool = false) {
    if recordedKeys != nil {
      recordedKeys?.append(key)
      return
    }
    if let root {
      root.offer(key, value, stillFilling: stillFilling)
      return
    }
    guard case .object(var members) = content else { return }
    content = .empty
    members.append((key, value))
    content = .object(members)
  }

  /// Encodes the member `key`; the root's straight into the output when its turn has come, else
  /// as text that waits.
  func put(_ value: some Encodable, forKey key: any CodingKey) throws {
    if recordedKeys != nil {
      recordedKeys?.append(key.stringValue)
      return
    }
    guard let root, root.isNext(key.stringValue) else {
      add(key: key.stringValue, try encodeChild(value, key: key))
      return
    }
    root.begin(key.stringValue)
    let child = nested(key: key)
    if let keys = try child.objectKeys(of: value) {
      // An object whose turn has come writes its own members as their turn comes, so a long
      // array inside it (the attestation's evidence) streams too.
      let top = SortedJSONTop(keys: keys, depth: child.depth) { root.append([UInt8]($0)) }
      try value.encode(to: SortedJSONNode(depth: child.depth, codingPath: child.codingPath, root: top))
      _ = top.finish()
    } else {
      child.direct = root
      try value.encode(to: child)
      child.finishDirect()
    }
    root.advance()
  }

  /// The keys of `value` in the order it encodes them when it is an object, from a pass that
  /// encodes nothing else (arrays are skipped); nil when it is not an object.
  private func objectKeys(of value: some Encodable) throws -> [String]? {
    let recorder = SortedJSONNode(depth: depth, codingPath: codingPath)
    recorder.recordedKeys = []
    try value.encode(to: recorder)
    return recorder.isObject ? recorder.recordedKeys : nil
  }

  /// Appends one element's text to the array's.
  func append(element: consuming SortedJSONChunks) {
    let separator = (hasElements ? [UInt8(ascii: ","), 0x0A] : [0x0A]) + SortedJSONText.indent(depth + 1)
    switch content {
    case .array(var text, _):
      content = .empty
      text.append(separator)
      text.append(element)
      content = .array(text, hasElements: true)
    case .directArray(_, var tail?):
      content = .empty
      tail.append(separator)
      tail.append(element)
      content = .directArray(hasElements: true, tail: tail)
    case .directArray(_, nil):
      direct?.append(separator)
      direct?.append(element)
      content = .directArray(hasElements: true, tail: nil)
    default: return
    }
  }

  /// Whether the array has an element yet.
  private var hasElements: Bool {
    switch content {
    case .array(_, let hasElements), .directArray(let hasElements, _): hasElements
    default: false
    }
  }

  /// Makes an element whose caller fills it after this returns; in a direct array, it and
  /// every later element wait until the array is finished.
  func appendPending() -> SortedJSONNode {
    let child = nested(key: nil)
    var pending = SortedJSONChunks()
    pending.append(node: child)
    if case .directArray(let hasElements, nil) = content {
      content = .directArray(hasElements: hasElements, tail: SortedJSONChunks())
    }
    append(element: pending)
    return child
  }

  /// Ends a member written straight into the output: closes a direct array, or writes the
  /// value's text.
  func finishDirect() {
    guard let direct else { return }
    guard case .directArray(let hasElements, let tail) = content else {
      direct.append(chunks())
      return
    }
    content = .empty
    if let tail { direct.append(tail) }
    direct.append((hasElements ? [0x0A] : [0x0A, 0x0A]) + SortedJSONText.indent(depth) + [UInt8(ascii: "]")])
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
    case .empty, .object, .directArray:
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
