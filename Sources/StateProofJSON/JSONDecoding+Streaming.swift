extension JSONDecoding {
  /// Reads a document whose root is an object, whole but for the arrays under `keys`: each of
  /// their elements is handed to `element` with its array's key (positioned before it, to read
  /// with ``decodeNext(_:from:)`` or skip) and the returned object holds an empty array in their
  /// place. So a report's list of a million files is never held as JSON, only as what `element`
  /// makes of it. Members named in `skipping` are checked and left out. Refuses a duplicate key,
  /// one of `keys` that is not an array, and anything after the object.
  public static func readObject(
    from parser: inout JSONPullParser, streaming keys: Set<String>, skipping: Set<String> = [],
    element: (String, inout JSONPullParser) throws(JSONDecodingError) -> Void
  ) throws(JSONDecodingError) -> JSONNode {
    guard let first = try syntax({ () throws(JSONError) in try parser.next() }) else {
      throw JSONDecodingError(.invalid(.empty), at: parser.position)
    }
    let root = parser.position
    guard first == .objectStart else {
      throw JSONDecodingError(.wrongType(expected: "an object", found: describe(first)), at: root)
    }
    var members: [String: JSONNode] = [:]
    var written: [String: JSONPosition] = [:]
    while case .key(let name)? = try syntax({ () throws(JSONError) in try parser.next() }) {
      if let earlier = written[name] {
        throw JSONDecodingError(.invalid(.duplicateKey(first: earlier)), at: parser.position, path: parser.path)
      }
      written[name] = parser.position
      if skipping.contains(name) {
        try skipNext(from: &parser)
        continue
      }
      guard keys.contains(name) else {
        members[name] = try syntax({ () throws(JSONError) in try parser.readNode() })
        continue
      }
      let path = parser.path
      let start = try syntax({ () throws(JSONError) in try parser.next() })
      let position = parser.position
      guard start == .arrayStart else {
        throw JSONDecodingError(
          .wrongType(expected: "an array", found: start.map(describe) ?? "nothing"), at: position, path: path)
      }
      while try syntax({ () throws(JSONError) in try parser.nextElement() }) { try element(name, &parser) }
      members[name] = JSONNode(.array([]), at: position)
    }
    _ = try syntax({ () throws(JSONError) in try parser.next() })
    return JSONNode(.object(members), at: root)
  }

  /// Runs a step of the parser, its refusal as a decoding error.
  static func syntax<Value>(_ body: () throws(JSONError) -> Value) throws(JSONDecodingError) -> Value {
    do throws(JSONError) {
      return try body()
    } catch {
      throw JSONDecodingError(error)
    }
  }

  /// An event's JSON type, as error messages say it.
  private static func describe(_ event: JSONEvent) -> String {
    switch event {
    case .objectStart: "an object"
    case .arrayStart: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    case .objectEnd, .arrayEnd, .key: "the end of a container"
    }
  }
}
