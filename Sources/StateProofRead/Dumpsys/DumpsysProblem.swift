/// A line of a dump or seed log that looked like evidence but could not be read.
package struct DumpsysProblem: Sendable, Hashable {
  /// The 1-based line number.
  package var line: Int
  /// The permission the line names, when it got that far.
  package var permission: String?
  package var message: String

  package init(line: Int, permission: String? = nil, message: String) {
    self.line = line
    self.permission = permission
    self.message = message
  }
}
