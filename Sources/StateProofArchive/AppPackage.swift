import StateProofSystem

/// An APK, an Android App Bundle or an IPA opened as the zip archive it is: its kind, from the
/// names in its central directory, and the few entries that tell it. Only those are kept, two of
/// a name at most (enough to refuse a duplicate), so an IPA of 50,000 files, or an archive of
/// 65,535 copies of one name, costs no more than an APK of ten.
package struct AppPackage {
  /// The binary manifest at an APK's root.
  package static let apkManifest = "AndroidManifest.xml"
  /// The base module's manifest in an App Bundle, as aapt2's protocol buffers.
  package static let bundleManifest = "base/manifest/AndroidManifest.xml"
  /// The most `Payload/*.app` folders noted (and their `Info.plist`s kept); past one the IPA is
  /// refused anyway.
  private static let maxAppFolders = 8
  private static let marks: Set<String> = [
    apkManifest, "classes.dex", "resources.arsc", bundleManifest, "BundleConfig.pb",
  ]

  package let archive: ZipArchive
  package let kind: AppPackageKind
  /// The `.app` folders directly under `Payload/` (`Payload/Scanner.app`), sorted; the first
  /// eight found at most.
  package let appFolders: [String]

  /// Reads `source`'s central directory and tells its kind.
  package init(_ source: any RandomAccessByteSource) throws(ZipError) {
    var folders: Set<String> = []
    var kept: [String: Int] = [:]
    archive = try ZipArchive(source) { entry in
      var wanted = Self.marks.contains(entry.name)
      if !wanted, let folder = Self.appFolder(of: entry.name) {
        if folders.count < Self.maxAppFolders { folders.insert(folder) }
        wanted = folders.contains(folder) && entry.name == folder + "/Info.plist"
      }
      guard wanted, kept[entry.name, default: 0] < 2 else { return false }
      kept[entry.name, default: 0] += 1
      return true
    }
    appFolders = folders.sorted()
    let names = Set(archive.entries.map(\.name))
    if names.contains(Self.apkManifest) && (names.contains("classes.dex") || names.contains("resources.arsc")) {
      kind = .apk
    } else if names.contains(Self.bundleManifest) && names.contains("BundleConfig.pb") {
      kind = .appBundle
    } else if !folders.isEmpty {
      kind = .ipa
    } else {
      kind = .otherZip
    }
  }

  /// `Payload/NAME.app` when `name` lies inside such a folder (or is it, with its slash).
  private static func appFolder(of name: String) -> String? {
    guard name.hasPrefix("Payload/") else { return nil }
    let parts = name.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 3, parts[1].hasSuffix(".app"), parts[1].count > 4 else { return nil }
    return "Payload/" + parts[1]
  }
}
