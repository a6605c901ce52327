import StateProofModel

/// What one file says an app's build may ask for: the permissions an Android build requests, or
/// the privacy keys a built iOS app's `Info.plist` carries. The app's own word on what a
/// sign-off must cover, read from what teams already keep (a merged manifest, an APK, `aapt2
/// dump` output, a read-back's `requested permissions:`, an `Info.plist`).
package struct AppDeclarations: Sendable, Hashable {
  package var location: EvidenceLocation
  package var platform: Platform
  package var source: DeclarationSource
  /// The package name, or the bundle identifier; nil when the file does not say.
  package var appId: String?
  /// The build it belongs to: `versionName`/`versionCode`, or `CFBundleShortVersionString`/
  /// `CFBundleVersion`.
  package var build: BuildIdentity?
  /// Android: the `minSdkVersion` the build declares: no device below it installs the build.
  package var minSdk: Int?
  /// Android: the `targetSdkVersion` the build declares.
  package var targetSdk: Int?
  /// Android: the API level of the device whose `dumpsys package` listed the requested
  /// permissions (already filtered for it: a `maxSdkVersion` below it drops the line); nil for a
  /// build file.
  package var deviceSdk: Int?
  package var declarations: [Declaration]

  package init(
    location: EvidenceLocation, platform: Platform, source: DeclarationSource, appId: String? = nil,
    build: BuildIdentity? = nil, minSdk: Int? = nil, targetSdk: Int? = nil, deviceSdk: Int? = nil,
    declarations: [Declaration] = []
  ) {
    self.location = location
    self.platform = platform
    self.source = source
    self.appId = appId
    self.build = build
    self.minSdk = minSdk
    self.targetSdk = targetSdk
    self.deviceSdk = deviceSdk
    self.declarations = declarations
  }
}
