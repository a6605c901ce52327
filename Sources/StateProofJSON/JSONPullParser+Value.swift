extension JSONPullParser {
  /// Reads the value that comes next, whole (right after a `key` event, or before the first
  /// event), with the position of each part, refusing an object that names one key twice:
  /// readers disagree on which of the two counts, so a document that says two things is not
  /// taken to say either. The caller bounds the value's size (a file's size, or by reading a
  /// large array one element at a time).
  public mutating func readNode() throws(JSONError) -> JSONNode {
    precondition(isBeforeValue, "readNode() needs a key event before it")
    var open: [Frame] = []
    while let event = try next() {
      let value: JSONNode.Value
      switch event {
      case .objectStart:
        open.append(Frame(position: position, content: .object([:], key: nil)))
        continue
      case .arrayStart:
        open.append(Frame(position: position, content: .array([])))
        continue
      case .key(let key):
        guard case .object(let members, _) = open[open.count - 1].content else { continue }
        if let first = members[key] {
          throw JSONError(.duplicateKey(first: first.keyPosition), at: position, path: path)
        }
        open[open.count - 1].content = .object(members, key: key)
        open[open.count - 1].keyPosition = position
        continue
      case .objectEnd, .arrayEnd:
        let frame = open.removeLast()
        switch frame.content {
        case .object(let members, _): value = .object(members.mapValues(\.node))
        case .array(let items): value = .array(items)
        }
        if let node = Self.add(JSONNode(value, at: frame.position), to: &open) { return node }
        continue
      case .string(let text): value = .string(text)
      case .number(let number): value = .number(number)
      case .bool(let flag): value = .bool(flag)
      case .null: value = .null
      }
      if let node = Self.add(JSONNode(value, at: position), to: &open) { return node }
    }
    preconditionFailure("the document ended inside a value")
  }

  /// Adds a finished value to the innermost open container; returns it when none is open.
  private static func add(_ node: JSONNode, to open: inout [Frame]) -> JSONNode? {
    guard !open.isEmpty else { return node }
    let last = open.count - 1
    switch open[last].content {
    case .object(var members, let key?):
      open[last].content = .array([])  // releases the members' storage so the append below is in place
      members[key] = Member(node: node, keyPosition: open[last].keyPosition)
      open[last].content = .object(members, key: nil)
    case .object:
      break
    case .array(var items):
      open[last].content = .array([])
      items.append(node)
      open[last].content = .array(items)
    }
    return nil
  }
}

/// An object or array being built by ``JSONPullParser/readNode()``.
private struct Frame {
  var position: JSONPosition
  /// Where the key of the member being read was written.
  var keyPosition = JSONPosition(offset: 0, line: 1, column: 1)
  var content: Content

  init(position: JSONPosition, content: Content) {
    self.position = position
    self.content = content
  }

  enum Content {
    /// The members so far, and the key of the one being read.
    case object([String: Member], key: String?)
    case array([JSONNode])
  }
}

/// An object member being read, with where its key was first written.
private struct Member {
  var node: JSONNode
  var keyPosition: JSONPosition
}
