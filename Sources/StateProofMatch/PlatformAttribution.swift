import StateProofModel
import StateProofEvidence

/// Decides which platform a piece of evidence comes from: the configuration's path globs first,
/// then platform words in its path, then what its device name says. Nil when nothing tells.
package struct PlatformAttribution: Sendable {
  private let globs: [(Platform, Glob)]

  private static let pathWords: [Platform: Set<String>] = [
    .android: ["android", "androidtest", "espresso", "avd", "emulator"],
    .ios: ["ios", "iphone", "ipad", "xcode", "xcresult", "xctest", "xcuitest", "simulator"],
  ]

  package init(configuration: Configuration) {
    globs = Platform.allCases.flatMap { platform in
      (configuration.platforms[platform]?.evidence ?? []).map { (platform, Glob($0, pathMode: true)) }
    }
  }

  package func platform(path: String, device: String?) -> Platform? {
    if let (platform, _) = globs.first(where: { $0.1.matches(path) }) { return platform }
    // A spelling the device table knows says whose device it is (Test Lab's model ids).
    if let device, let platform = DeviceRule.platform(spelled: device) { return platform }
    // Also without splitting at capitals, so `iPhone 16` and `iPadScreens/` say `iphone`, `ipad`.
    let text = path + "/" + (device ?? "")
    let words = Set(NameWords.split(text) + NameWords.split(text.lowercased()))
    let found = Platform.allCases.filter { !words.isDisjoint(with: Self.pathWords[$0]!) }
    return found.count == 1 ? found[0] : nil
  }
}
