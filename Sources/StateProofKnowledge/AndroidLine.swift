/// One Android permission whose `dumpsys package` line a state is read from, and the OS versions
/// it exists on (`READ_MEDIA_IMAGES` from Android 13, `READ_EXTERNAL_STORAGE` for photos below).
package struct AndroidLine: Sendable, Hashable {
  /// The manifest name, `android.permission.ACCESS_FINE_LOCATION`.
  package var name: String
  /// What the line says about the state, for people: "precise location".
  package var role: String
  package var os: VersionRange?

  package init(_ name: String, role: String, os: VersionRange? = nil) {
    self.name = name
    self.role = role
    self.os = os
  }

  /// `ACCESS_FINE_LOCATION` from `android.permission.ACCESS_FINE_LOCATION`.
  package var shortName: String {
    name.hasPrefix("android.permission.") ? String(name.dropFirst("android.permission.".count)) : name
  }
}
