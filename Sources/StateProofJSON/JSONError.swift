/// Why a document was refused: what was wrong, where (line and column), and under which key
/// path. Its description is written for a person fixing the file.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Reason: Sendable, Hashable {
    /// Nothing but whitespace.
    case empty
    /// The document stops before `expected`.
    case unexpectedEnd(expected: String)
    /// `found` (already described for a person) where `expected` should be.
    case unexpected(found: String, expected: String)
    /// A `,` right before `}` or `]`.
    case trailingComma
    /// `01`, `-007`.
    case leadingZero
    case unescapedControlCharacter(UInt8)
    /// A backslash followed by anything but `"\/bfnrtu`.
    case invalidEscape(String)
    /// A `\u` escape of half a surrogate pair.
    case loneSurrogate(String)
    case invalidUTF8
    /// A UTF-16 or UTF-32 byte order mark: RFC 8259 documents are UTF-8.
    case notUTF8(encoding: String)
    case tooDeep(limit: Int)
    case stringTooLong(limit: Int)
    case keyTooLong(limit: Int)
    case numberTooLong(limit: Int)
    /// The same key twice in one object; the error's path names it, this is where it first was.
    case duplicateKey(first: JSONPosition)
    /// The bytes could not be read at all.
    case unreadable(String)

    public var message: String {
      switch self {
      case .empty: "the document is empty"
      case .unexpectedEnd(let expected): "the document ends early; expected \(expected)"
      case .unexpected(let found, let expected): "expected \(expected), found \(found)"
      case .trailingComma: "a comma before a closing bracket; remove it"
      case .leadingZero: "a number may not start with 0 followed by digits"
      case .unescapedControlCharacter(let byte):
        "control character \(Self.hex(byte)) inside a string; escape it"
      case .invalidEscape(let escape): "invalid escape \(escape) in a string"
      case .loneSurrogate(let escape): "\(escape) is half of a UTF-16 surrogate pair, without its other half"
      case .invalidUTF8: "bytes that are not UTF-8"
      case .notUTF8(let encoding): "the document is \(encoding); JSON must be UTF-8"
      case .tooDeep(let limit): "objects and arrays nested more than \(limit) deep"
      case .stringTooLong(let limit): "a string longer than \(limit) bytes"
      case .keyTooLong(let limit): "a key longer than \(limit) bytes"
      case .numberTooLong(let limit): "a number longer than \(limit) characters"
      case .duplicateKey(let first):
        "key given twice (first at \(first)); JSON readers disagree on which one counts, so keep one"
      case .unreadable(let reason): "cannot read the file: \(reason)"
      }
    }

    static func hex(_ byte: UInt8) -> String {
      let digits = String(byte, radix: 16, uppercase: true)
      return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
  }

  public var reason: Reason
  public var position: JSONPosition
  /// The key path of the value being read when it happened.
  public var path: JSONPath

  public init(_ reason: Reason, at position: JSONPosition, path: JSONPath = JSONPath()) {
    self.reason = reason
    self.position = position
    self.path = path
  }

  /// `line 3, column 7: expected "," or "}", found "]"`; a duplicate key also names its path.
  public var description: String {
    if case .duplicateKey = reason { return "\(position): \(path): \(reason.message)" }
    return "\(position): \(reason.message)"
  }
}
