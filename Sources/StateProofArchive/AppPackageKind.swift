/// Which app package a zip archive is, told from its entries' names alone (see ``AppPackage``).
package enum AppPackageKind: String, Sendable, Hashable {
  /// `AndroidManifest.xml` (binary XML) at the root, beside `classes.dex` or `resources.arsc`.
  case apk = "APK"
  /// `base/manifest/AndroidManifest.xml` (aapt2's protocol buffers) beside `BundleConfig.pb`.
  case appBundle = "App Bundle"
  /// A `Payload/NAME.app/` folder.
  case ipa = "IPA"
  /// A zip archive that is none of these (a JAR, an AAR, a zipped folder).
  case otherZip = "zip archive"
}
