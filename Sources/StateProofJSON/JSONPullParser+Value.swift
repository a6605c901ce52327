extension JSONPullParser {
  /// Reads the value that comes next, whole (right after a `key` event, or before the first
  /// event), refusing an object that names one key twice: readers disagree on which of the two
  /// counts, so a document that says two things is not taken to say either. Meant for small
  /// documents; the caller bounds their size.
  public mutating func readValue() throws(JSONError) -> JSONValue {
    precondition(isBeforeValue, "readValue() needs a key event before it")
    var open: [Frame] = []
    while let event = try next() {
      let value: JSONValue
      switch event {
      case .objectStart:
        open.append(.object([:], firstKeys: [:]))
        continue
      case .arrayStart:
        open.append(.array([]))
        continue
      case .key(let key):
        guard case .object(let members, var firstKeys) = open.removeLast() else { continue }
        if let first = firstKeys[key] {
          throw JSONError(.duplicateKey(first: first), at: position, path: path)
        }
        firstKeys[key] = position
        open.append(.object(members, firstKeys: firstKeys))
        continue
      case .objectEnd, .arrayEnd:
        switch open.removeLast() {
        case .object(let members, _): value = .object(members)
        case .array(let items): value = .array(items)
        }
      case .string(let text): value = .string(text)
      case .number(let number): value = .number(number.double)
      case .bool(let flag): value = .bool(flag)
      case .null: value = .null
      }
      guard let parent = open.popLast() else { return value }
      switch parent {
      case .object(var members, let firstKeys):
        if let key { members[key] = value }
        open.append(.object(members, firstKeys: firstKeys))
      case .array(var items):
        items.append(value)
        open.append(.array(items))
      }
    }
    preconditionFailure("the document ended inside a value")
  }
}

/// An object or array being built by ``JSONPullParser/readValue()``.
private enum Frame {
  /// The members so far, and where each key was first written.
  case object([String: JSONValue], firstKeys: [String: JSONPosition])
  case array([JSONValue])
}
