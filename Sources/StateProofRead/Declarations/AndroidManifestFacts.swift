import StateProofEvidence

/// What an Android manifest says about the app, whichever form it was compiled to (an APK's
/// binary XML, an App Bundle's protocol buffers): its package, version, SDK levels and requested
/// permissions. Each form's reader hands it the elements in document order with their depth; it
/// takes only what Android takes, the `<manifest>` root and its direct children (a
/// `<uses-permission>` nested deeper is ignored by the platform, so here too).
package struct AndroidManifestFacts: Sendable, Hashable {
  package var package: String?
  package var versionCode: Int?
  package var versionName: String?
  package var minSdk: Int?
  package var targetSdk: Int?
  package var declarations: [Declaration] = []
  /// Whether the root element was seen, and was `<manifest>`.
  private(set) var sawManifest = false
  private var sawUsesSdk = false

  /// The element names that request a permission: `<uses-permission>`, and the runtime-only form
  /// (`-sdk-23`, first spelt `-sdk-m`).
  static let permissionElements: Set<String> = ["uses-permission", "uses-permission-sdk-23", "uses-permission-sdk-m"]

  /// Takes the element `name` at `depth` (the root is 0); `value` finds one of its attributes,
  /// and `unqualified` one with no namespace (the root's `package`). Returns the root's name when
  /// it is not `<manifest>`, so the reader can refuse the file.
  mutating func take(
    _ name: String, depth: Int, value: (AndroidAttribute) -> ManifestValue?, unqualified: (String) -> ManifestValue?
  ) -> String? {
    if depth == 0 {
      guard name == "manifest" else { return name }
      sawManifest = true
      package = unqualified("package")?.string
      if let code = value(.versionCode)?.number {
        // A long version code: versionCodeMajor holds the upper 32 bits.
        let major = value(.versionCodeMajor)?.number ?? 0
        versionCode = major << 32 | Int(UInt32(truncatingIfNeeded: code))
      }
      versionName = value(.versionName)?.string
      return nil
    }
    guard depth == 1 && sawManifest else { return nil }
    if name == "uses-sdk" && !sawUsesSdk {
      sawUsesSdk = true
      minSdk = value(.minSdkVersion)?.number
      targetSdk = value(.targetSdkVersion)?.number
    } else if Self.permissionElements.contains(name), let permission = value(.name)?.string, !permission.isEmpty {
      let flags = value(.usesPermissionFlags)?.number ?? 0
      declarations.append(
        Declaration(
          name: permission, maxSdk: value(.maxSdkVersion)?.number,
          neverForLocation: flags & AndroidAttribute.neverForLocation != 0))
    }
    return nil
  }
}
