/// Why a line that names a permission and says `granted=` could not be read, e.g. a line cut off
/// inside its flag list. Reported instead of guessing, so a damaged read-back never passes as a state.
package struct PermissionLineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The permission the line names.
  package var permission: String
  package var reason: String

  package init(permission: String, reason: String) {
    self.permission = permission
    self.reason = reason
  }

  package var description: String { "\(permission): \(reason)" }
}
