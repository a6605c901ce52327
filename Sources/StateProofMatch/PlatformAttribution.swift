import StateProofModel
import StateProofEvidence

/// Decides which platform a piece of evidence comes from: the configuration's path globs first
/// (tried on its path under its evidence path, then with that path's last folders before it:
/// ``EvidencePathForms``), then what its device's identity (as its reader handed it over) says,
/// then platform words in its path and device name, then in its evidence path's own name
/// (`evidence/android`, `ios-evidence`), so files read the same whether the evidence comes as one
/// folder or several. Nil when nothing tells.
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

  /// The platform of the evidence at `location`, named `device`.
  package func platform(_ location: EvidenceLocation, device: String?) -> Platform? {
    platform(root: location.root, path: location.path, device: device)
  }

  /// The platform of the evidence at `path` under the evidence path `root`, named `device`.
  package func platform(root: String, path: String, device: String?) -> Platform? {
    if let (platform, _) = globs.first(where: { $0.1.matches(path) }) { return platform }
    if !globs.isEmpty {
      for prefixed in EvidencePathForms(root: root).prefixed(path) {
        if let (platform, _) = globs.first(where: { $0.1.matches(prefixed) }) { return platform }
      }
    }
    // A device's rule says whose it is (Test Lab's model ids); one no rule read is read as a
    // person's writing.
    if let device, let platform = devices[device].map(\.platform) ?? DeviceRule.identity(written: device).platform {
      return platform
    }
    let found = Self.platforms(named: path + "/" + (device ?? ""))
    // The evidence path's own name, only when the path and device say nothing: `evidence/android`
    // tells what `evidence` with its `android/` folder tells.
    if found.isEmpty, let name = EvidencePathForms(root: root).prefixes.first {
      let named = Self.platforms(named: name)
      return named.count == 1 ? named[0] : nil
    }
    return found.count == 1 ? found[0] : nil
  }

  /// The platforms whose words `text` holds; also without splitting at capitals, so `iPhone 16`
  /// and `iPadScreens/` say `iphone`, `ipad`.
  private static func platforms(named text: String) -> [Platform] {
    let words = Set(NameWords.split(text) + NameWords.split(text.lowercased()))
    return Platform.allCases.filter { !words.isDisjoint(with: pathWords[$0]!) }
  }
}
