import StateProofModel
import StateProofEvidence

/// Decides which platform a piece of evidence comes from: the configuration's path globs first,
/// then what its device's identity (as its reader handed it over) says, then platform words in
/// its path and device name. Nil when nothing tells.
package struct PlatformAttribution: Sendable {
  private let globs: [(Platform, Glob)]
  /// The identities the readers handed over, by spelling (``EvidenceSet/deviceIdentities``).
  private var devices: [String: DeviceIdentity] = [:]

  private static let pathWords: [Platform: Set<String>] = [
    .android: ["android", "androidtest", "espresso", "avd", "emulator"],
    .ios: ["ios", "iphone", "ipad", "xcode", "xcresult", "xctest", "xcuitest", "simulator"],
  ]

  package init(configuration: Configuration) {
    globs = Platform.allCases.flatMap { platform in
      (configuration.platforms[platform]?.evidence ?? []).map { (platform, Glob($0, pathMode: true)) }
    }
  }

  /// This attribution, knowing the identities the readers handed over for the devices they wrote.
  package func knowing(_ devices: [String: DeviceIdentity]) -> PlatformAttribution {
    var known = self
    known.devices = devices
    return known
  }

  package func platform(path: String, device: String?) -> Platform? {
    if let (platform, _) = globs.first(where: { $0.1.matches(path) }) { return platform }
    // A device's rule says whose it is (Test Lab's model ids); one no rule read is read as a
    // person's writing.
    if let device, let platform = devices[device].map(\.platform) ?? DeviceRule.identity(written: device).platform {
      return platform
    }
    // Also without splitting at capitals, so `iPhone 16` and `iPadScreens/` say `iphone`, `ipad`.
    let text = path + "/" + (device ?? "")
    let words = Set(NameWords.split(text) + NameWords.split(text.lowercased()))
    let found = Platform.allCases.filter { !words.isDisjoint(with: Self.pathWords[$0]!) }
    return found.count == 1 ? found[0] : nil
  }
}
