/// A small JSON document held whole, read by ``JSONPullParser/readValue()`` (so duplicate keys
/// are refused), for configuration: error messages name the exact key path.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Reads `bytes` as one whole document, refusing anything after it.
  public static func parse(_ bytes: some Sequence<UInt8>, limits: JSONLimits = JSONLimits())
    throws(JSONError) -> JSONValue
  {
    var parser = JSONPullParser(bytes: bytes, limits: limits)
    let value = try parser.readValue()
    _ = try parser.next()
    return value
  }

  /// The value of `node`, without positions; numbers as their nearest `Double`.
  public init(_ node: JSONNode) {
    switch node.value {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .number(let number): self = .number(number.double)
    case .string(let text): self = .string(text)
    case .array(let items): self = .array(items.map(JSONValue.init))
    case .object(let members): self = .object(members.mapValues(JSONValue.init))
    }
  }

  /// The JSON type name, as error messages say it ("a string", "an array", ...).
  public var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
