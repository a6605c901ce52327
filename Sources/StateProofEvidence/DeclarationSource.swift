/// The kind of file an app's declarations were read from.
package enum DeclarationSource: String, Sendable, Hashable, CaseIterable {
  /// The `requested permissions:` block of `dumpsys package` (or a seed-check record keeping it):
  /// the installed app's merged declarations, filtered for the device's API level.
  case requestedPermissions = "dumpsys requested permissions"
  /// A merged `AndroidManifest.xml` from the build folder (the merger applied `tools:node`).
  case mergedManifest = "merged AndroidManifest.xml"
  /// `aapt2 dump badging` or `aapt2 dump permissions` output.
  case aaptDump = "aapt2 dump"
  /// An APK's binary manifest.
  case apk = "APK"
  /// An Android App Bundle's `base/manifest/AndroidManifest.xml` (protocol buffers).
  case appBundle = "App Bundle"
  /// A built iOS app's `Info.plist`, XML or binary, in a `.app` folder or an `.ipa`.
  case infoPlist = "Info.plist"
}
