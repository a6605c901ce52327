/// Where a JSON document StateProof reads back stops being what it expects, and why: the key
/// path (`provenance.options.window`) and, when the reader knows them, the line and column.
public struct JSONProblem: Sendable, Hashable, CustomStringConvertible {
  /// The keys and indexes leading to the value, joined by `.`; nil when not known.
  public var keyPath: String?
  /// The 1-based line, when known.
  public var line: Int?
  /// The 1-based column, when known.
  public var column: Int?
  /// What is wrong, worded for the user.
  public var message: String

  public init(keyPath: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
    self.keyPath = keyPath
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { message }
}
