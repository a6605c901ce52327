/// An attribute of the `android` namespace that an app's manifest says what it asks for with: its
/// name and its resource id (`android.R.attr`, fixed in the platform's `public.xml` since the API
/// level that added it). Android itself finds these attributes by id; the name is the fallback
/// for a manifest compiled without ids.
struct AndroidAttribute: Sendable, Hashable {
  let name: String
  let id: UInt32

  /// The namespace `android:` stands for.
  static let namespace = "http://schemas.android.com/apk/res/android"

  static let name = AndroidAttribute(name: "name", id: 0x0101_0003)
  static let versionCode = AndroidAttribute(name: "versionCode", id: 0x0101_021B)
  static let versionName = AndroidAttribute(name: "versionName", id: 0x0101_021C)
  static let minSdkVersion = AndroidAttribute(name: "minSdkVersion", id: 0x0101_020C)
  static let targetSdkVersion = AndroidAttribute(name: "targetSdkVersion", id: 0x0101_0270)
  static let maxSdkVersion = AndroidAttribute(name: "maxSdkVersion", id: 0x0101_0271)
  /// API 28: the upper 32 bits of a long version code.
  static let versionCodeMajor = AndroidAttribute(name: "versionCodeMajor", id: 0x0101_0576)
  /// API 31: `neverForLocation` and other flags of a `<uses-permission>`.
  static let usesPermissionFlags = AndroidAttribute(name: "usesPermissionFlags", id: 0x0101_0644)

  /// `usesPermissionFlags`' `neverForLocation` bit (`PackageInfo.REQUESTED_PERMISSION_NEVER_FOR_LOCATION`).
  static let neverForLocation = 0x10000
}
