/// What one `dumpsys package` line says, as composing a state needs it: granted or not, and its
/// flags by name.
package struct AndroidLineFacts: Sendable, Hashable {
  package var granted: Bool
  package var flags: Set<String>

  package init(granted: Bool, flags: Set<String>) {
    self.granted = granted
    self.flags = flags
  }

  /// The line's own state.
  package var state: AndroidPermissionState { AndroidPermissionState.classify(granted: granted, flags: flags) }
}
