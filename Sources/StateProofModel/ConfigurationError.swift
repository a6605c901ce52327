/// A configuration mistake, named by its key path: `permissions[0].rows.blocked.tests: expected
/// an array of strings`.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where in the configuration: a key path such as `permissions[0].rows`, empty for the whole.
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
