import StateProofModel

/// The version fields `dumpsys package` prints in a package's block (`versionCode=420 minSdk=26
/// targetSdk=34`, `versionName=4.2.0`, `lastUpdateTime=…`, `firstInstallTime=…`), or that a
/// headerless read-back printed before its permission lines.
package struct PackageVersion: Sendable, Hashable {
  package var versionName: String?
  package var versionCode: String?
  /// When the APK was last installed or updated, in the device's zone, as printed.
  package var lastUpdateTime: String?
  /// When it was first installed (per user from Android 12; the first one printed is kept).
  package var firstInstallTime: String?
  /// The `targetSdk=` printed after `versionCode=` (`versionCode=420 minSdk=26 targetSdk=34`):
  /// the API level the app targets, which decides rows as the OS version does.
  package var targetSdk: Int?

  package init() {}

  /// Whether any field is known.
  package var isEmpty: Bool {
    versionName == nil && versionCode == nil && lastUpdateTime == nil && firstInstallTime == nil
  }

  /// The build it names, nil when it names neither a version nor a version code.
  package func build(source: String) -> BuildIdentity? {
    let build = BuildIdentity(versionName: versionName, versionCode: versionCode, source: source)
    return build.isEmpty ? nil : build
  }

  /// Takes the field `content` (a dump line without its indentation) gives: a later value
  /// replaces an earlier one unless `keepingFirst`. False when the line is no version line.
  mutating func read(_ content: ArraySlice<UInt8>, keepingFirst: Bool) -> Bool {
    func value(after prefix: String) -> String? {
      guard content.starts(with: prefix.utf8) else { return nil }
      let text = String(decoding: content.dropFirst(prefix.utf8.count), as: UTF8.self)
      return text.isEmpty || text == "null" ? "" : text
    }
    func set(_ field: WritableKeyPath<PackageVersion, String?>, _ text: String) {
      guard !keepingFirst || self[keyPath: field] == nil else { return }
      self[keyPath: field] = text.isEmpty ? nil : text
    }
    if let text = value(after: "versionCode=") {
      set(\.versionCode, String(text.prefix { $0 != " " }))
      let target = text.split(separator: " ").first { $0.hasPrefix("targetSdk=") }?.dropFirst("targetSdk=".count)
      if let target, let api = Int(target), api > 0, api < 1000, !keepingFirst || targetSdk == nil { targetSdk = api }
    } else if let text = value(after: "versionName=") {
      set(\.versionName, text)
    } else if let text = value(after: "lastUpdateTime=") {
      set(\.lastUpdateTime, text)
    } else if let text = value(after: "firstInstallTime=") {
      if firstInstallTime == nil { firstInstallTime = text.isEmpty ? nil : text }
    } else {
      return false
    }
    return true
  }
}
