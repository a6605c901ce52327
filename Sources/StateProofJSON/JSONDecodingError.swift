/// Why a document could not be read as the type asked for: not JSON at all, or JSON of another
/// shape. It names the line and column and the key path of the value (`evidence[3].bytes`), so
/// its description, behind the file's name, is enough to find and fix it.
public struct JSONDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Reason: Sendable, Hashable {
    /// The bytes are not JSON, or not within ``JSONLimits``.
    case invalid(JSONError.Reason)
    /// An object without a key its type needs.
    case missingKey(String)
    /// A value of another JSON type, or a number that is not an integer where one is needed.
    case wrongType(expected: String, found: String)
    /// A number too large (or too precise) for the type that holds it.
    case outOfRange(number: String, type: String)
    /// A value its type refuses, in the type's words (an unknown enumeration case).
    case badValue(String)

    public var message: String {
      switch self {
      case .invalid(let reason): "not valid JSON: \(reason.message)"
      case .missingKey(let key): "missing \"\(key)\""
      case .wrongType(let expected, let found): "expected \(expected), found \(found)"
      case .outOfRange(let number, let type): "the number \(number) does not fit \(type)"
      case .badValue(let message): message
      }
    }
  }

  public var reason: Reason
  /// Where the value begins (for a missing key, the object that lacks it).
  public var position: JSONPosition
  public var path: JSONPath

  public init(_ reason: Reason, at position: JSONPosition, path: JSONPath = JSONPath()) {
    self.reason = reason
    self.position = position
    self.path = path
  }

  /// A document that is not JSON, where the parser stopped.
  public init(_ error: JSONError) {
    self.init(.invalid(error.reason), at: error.position, path: error.path)
  }

  /// `"evidence[3].bytes": expected an integer, found a string`: what and under which key,
  /// without the line and column (for a caller that places it itself, a `.jsonl` line).
  public var detail: String {
    path.components.isEmpty ? reason.message : "\"\(path)\": \(reason.message)"
  }

  /// `line 3, column 7: "evidence[3].bytes": expected an integer, found a string`.
  public var description: String { "\(position): \(detail)" }
}
