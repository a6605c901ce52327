/// A JSON value held whole, read by ``JSONPullParser/readNode()`` (so duplicate keys are
/// refused), with where each part of it begins, so a caller turning it into its own types
/// (``JSONDecoding``) can name the line, column and key path of a value that is wrong. Numbers
/// keep their text: nothing is rounded before the caller asks.
public struct JSONNode: Sendable, Hashable {
  public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    /// Members by key (a key given twice was refused while reading).
    case object([String: JSONNode])
  }

  public var value: Value
  /// Where the value's first token begins.
  public var position: JSONPosition

  public init(_ value: Value, at position: JSONPosition) {
    self.value = value
    self.position = position
  }

  /// Reads `bytes` as one whole document, refusing anything after it. Meant for small documents
  /// (a configuration); the caller bounds their size.
  public static func parse(_ bytes: some Sequence<UInt8>, limits: JSONLimits = JSONLimits())
    throws(JSONError) -> JSONNode
  {
    var parser = JSONPullParser(bytes: bytes, limits: limits)
    let node = try parser.readNode()
    _ = try parser.next()
    return node
  }

  /// The JSON type name, as error messages say it ("a string", "an array", ...).
  public var typeDescription: String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
