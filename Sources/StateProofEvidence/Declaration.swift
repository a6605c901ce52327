/// One thing an app declares: an Android `<uses-permission>` (or `<uses-permission-sdk-23>`), or
/// an `Info.plist` key that lets an iOS app ask for something (`NSCameraUsageDescription`,
/// `UIBackgroundModes`).
package struct Declaration: Sendable, Hashable {
  /// `android.permission.CAMERA`, or the `Info.plist` key.
  package var name: String
  /// Android: `android:maxSdkVersion`, the last API level the build asks for it on.
  package var maxSdk: Int?
  /// Android: `android:usesPermissionFlags` holds `neverForLocation` (Wi-Fi and Bluetooth scans
  /// that never derive a location).
  package var neverForLocation: Bool
  /// iOS: the key's value as text: a purpose string, each `UIBackgroundModes` entry, `true` or
  /// `false` for a boolean.
  package var values: [String]
  /// Where in its file it was declared, when the format has lines.
  package var line: Int?

  package init(
    name: String, maxSdk: Int? = nil, neverForLocation: Bool = false, values: [String] = [], line: Int? = nil
  ) {
    self.name = name
    self.maxSdk = maxSdk
    self.neverForLocation = neverForLocation
    self.values = values
    self.line = line
  }
}
