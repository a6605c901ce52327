import StateProofJSON

/// One object around a signed payload (a DSSE envelope, a bundle, one signature), read member by
/// member from the parser: a key the layer does not have is refused before its value is read and
/// every value is read as the layer wants it (a string, passed over, or by the next layer's
/// reader), so nothing an attacker adds beside the payload is held, whatever its size.
enum StatementLayer {
  /// Reads the object that comes next, refusing a key not `allowed` and a key given twice, and
  /// hands each member's key to `member`, which reads its value (or passes over it).
  static func read(
    _ parser: inout JSONPullParser, what: String, allowed: Set<String>,
    member: (String, inout JSONPullParser) throws(StatementProblem) -> Void
  ) throws(StatementProblem) {
    guard try json({ () throws(JSONError) in try parser.next() }) == .objectStart else { throw .notAnObject(what) }
    var written: [String: JSONPosition] = [:]
    while case .key(let key)? = try json({ () throws(JSONError) in try parser.next() }) {
      guard allowed.contains(key) else { throw .unexpectedKey(key: key, in: what, allowed: allowed.sorted()) }
      if let first = written.updateValue(parser.position, forKey: key) {
        throw .malformed(
          JSONProblem(JSONDecodingError(.invalid(.duplicateKey(first: first)), at: parser.position, path: parser.path)))
      }
      try member(key, &parser)
    }
  }

  /// The string value that comes next, refused when it is of another type.
  static func string(_ key: String, from parser: inout JSONPullParser, in what: String) throws(StatementProblem)
    -> String
  {
    guard case .string(let text)? = try json({ () throws(JSONError) in try parser.next() }) else {
      throw .notAString(key: key, in: what)
    }
    return text
  }

  /// Passes over the value that comes next, checking it is JSON but holding none of it.
  static func skip(_ parser: inout JSONPullParser) throws(StatementProblem) {
    try json { () throws(JSONError) in try parser.skipValue() }
  }

  /// Runs a step of the parser, its refusal as the statement's.
  static func json<Value>(_ body: () throws(JSONError) -> Value) throws(StatementProblem) -> Value {
    do throws(JSONError) {
      return try body()
    } catch {
      throw .malformed(JSONProblem(JSONDecodingError(error)))
    }
  }
}
