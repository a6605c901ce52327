import StateProofModel

/// A device's OS version as StateProof compares it: on Android the API level (`34`), which tells
/// 12 from 12L and is what `getprop ro.build.version.sdk` prints; on iOS the release's numbers
/// (`18.6` is `[18, 6]`).
package struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  package var platform: Platform
  /// Android: one number, the API level. iOS: major, minor, patch as given.
  package var components: [Int]

  package init(platform: Platform, components: [Int]) {
    self.platform = platform
    self.components = components
  }

  /// An Android device by its API level.
  package static func android(api: Int) -> OSVersion {
    OSVersion(platform: .android, components: [api])
  }

  /// An iOS release, `18.6` → `[18, 6]`.
  package static func ios(_ components: Int...) -> OSVersion {
    OSVersion(platform: .ios, components: components)
  }

  /// The version a device name's OS part means (`14` on Android is API 34, `VanillaIceCream` 35,
  /// `18.6` on iOS); nil when it cannot be read.
  package init?(platform: Platform, release text: String) {
    switch platform {
    case .android:
      guard let api = AndroidRelease.apiLevel(release: text) else { return nil }
      self = .android(api: api)
    case .ios:
      let parts = text.split(separator: ".", omittingEmptySubsequences: false)
      let numbers = parts.compactMap { part in part.allSatisfy(\.isASCII) ? Int(part) : nil }
      guard !parts.isEmpty, parts.count <= 4, numbers.count == parts.count else { return nil }
      self.init(platform: .ios, components: numbers)
    }
  }

  /// `Android 14 (API 34)`, `iOS 18.6`.
  package var description: String {
    switch platform {
    case .android:
      let api = components.first ?? 0
      return AndroidRelease.name(api: api).map { "Android \($0) (API \(api))" } ?? "Android API \(api)"
    case .ios:
      return "iOS " + components.map(String.init).joined(separator: ".")
    }
  }

  /// Compares like version numbers: missing parts are zero (`18` is `18.0`).
  package static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
    let count = max(lhs.components.count, rhs.components.count)
    for index in 0..<count {
      let left = index < lhs.components.count ? lhs.components[index] : 0
      let right = index < rhs.components.count ? rhs.components[index] : 0
      if left != right { return left < right }
    }
    return false
  }
}
