/// A configuration mistake, named by its key path: `permissions[0].rows.blocked.tests: expected
/// an array of strings`.
package struct ConfigurationError: Error, Equatable, CustomStringConvertible {
  package var path: String
  package var message: String

  package init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  package var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
