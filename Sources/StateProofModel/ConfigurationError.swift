/// A configuration mistake, named by its key path and, when read from a file, the line and column
/// of the value: `permissions[0].rows.blocked.tests: expected an array of strings`.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where in the configuration: a key path such as `permissions[0].rows`, empty for the whole.
  public var path: String
  public var message: String
  /// The 1-based line and column of the value in the file; nil for a configuration not read from
  /// one (the one a report records).
  public var line: Int?
  public var column: Int?

  public init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
    self.path = path
    self.message = message
    self.line = line
    self.column = column
  }

  /// The key path and the message; the file's name and the line and column go in front of it.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
