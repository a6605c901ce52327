/// Reads `Decodable` types from JSON through ``JSONPullParser``, so untrusted documents get the
/// strict reader's limits and refusals (duplicate keys, depth, lone surrogates) and every error
/// names line, column and key path. Numbers convert exactly or not at all: `1e400` is no
/// `Double`, `3.0` and `2^64` are no `Int`.
public enum JSONDecoding {
  /// Reads `bytes` as one whole document of type `T`, refusing anything after it.
  public static func decode<T: Decodable>(
    _ type: T.Type, from bytes: some Sequence<UInt8>, limits: JSONLimits = JSONLimits()
  ) throws(JSONDecodingError) -> T {
    var parser = JSONPullParser(bytes: bytes, limits: limits)
    let value = try decodeNext(type, from: &parser)
    _ = try syntax { () throws(JSONError) in try parser.next() }
    return value
  }

  /// Reads the value that comes next in `parser` (right after a `key` event, an array's start or
  /// an element, or before the first event) as a `T`: one element of a large array at a time.
  public static func decodeNext<T: Decodable>(_ type: T.Type, from parser: inout JSONPullParser)
    throws(JSONDecodingError) -> T
  {
    let path = parser.path
    let node = try syntax { () throws(JSONError) in try parser.readNode() }
    return try decode(type, from: node, path: path)
  }

  /// Skips the value that comes next in `parser`, holding none of it (an element
  /// ``readObject(from:streaming:element:)`` hands over that the caller does not need).
  public static func skipNext(from parser: inout JSONPullParser) throws(JSONDecodingError) {
    try syntax { () throws(JSONError) in try parser.skipValue() }
  }

  /// Makes a `T` of a value already read; `path` is where it sits in its document, for errors.
  public static func decode<T: Decodable>(_ type: T.Type, from node: JSONNode, path: JSONPath = JSONPath())
    throws(JSONDecodingError) -> T
  {
    do {
      return try T(from: NodeDecoder(node, codingPath: [], base: path))
    } catch let error as JSONDecodingError {
      throw error
    } catch let error as DecodingError {
      throw converted(error, root: node, base: path)
    } catch {
      throw JSONDecodingError(.badValue("\(error)"), at: node.position, path: path)
    }
  }

  /// A `DecodingError` a type threw itself, placed at the value its coding path leads to.
  private static func converted(_ error: DecodingError, root: JSONNode, base: JSONPath) -> JSONDecodingError {
    let context: DecodingError.Context
    let reason: JSONDecodingError.Reason
    switch error {
    case .keyNotFound(let key, let found):
      context = found
      reason = .missingKey(key.stringValue)
    case .typeMismatch(let type, let found), .valueNotFound(let type, let found):
      context = found
      reason = .wrongType(expected: "\(type)", found: found.debugDescription)
    case .dataCorrupted(let found):
      context = found
      reason = .badValue(found.debugDescription)
    @unknown default:
      return JSONDecodingError(.badValue("\(error)"), at: root.position, path: base)
    }
    var node = root
    var path = base
    for key in context.codingPath {
      let next: JSONNode?
      if let index = key as? IndexKey {
        guard case .array(let items) = node.value, items.indices.contains(index.index) else { break }
        next = items[index.index]
        path = path.appending(.index(index.index))
      } else {
        guard case .object(let members) = node.value else { break }
        next = members[key.stringValue]
        path = path.appending(.key(key.stringValue))
      }
      guard let next else { break }
      node = next
    }
    return JSONDecodingError(reason, at: node.position, path: path)
  }
}

/// The coding key of an array element.
struct IndexKey: CodingKey {
  var index: Int
  init(_ index: Int) { self.index = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { index = intValue }
  var stringValue: String { "Index \(index)" }
  var intValue: Int? { index }
}
