import StateProofModel

extension EvidenceSet {
  /// The evidence that can speak for one release device: what names that device (in its own
  /// fields, or as a folder in its path, e.g. `seed/Pixel 8 - 14/…`), and what names no device
  /// at all (a host test, a screenshot with no device in its path).
  func on(device release: String, among releaseDevices: [String]) -> EvidenceSet {
    // Thousands of items share a few device names and folders: each is judged once.
    var byDevice: [String: Bool] = [:]
    var byFolder: [Substring: Bool] = [:]
    let speaksFor = { (device: String?, location: EvidenceLocation) -> Bool in
      if let device {
        if let known = byDevice[device] { return known }
        let verdict = DeviceName.matches(device, release: release)
        byDevice[device] = verdict
        return verdict
      }
      let folder = location.path[..<(location.path.lastIndex(of: "/") ?? location.path.startIndex)]
      if let known = byFolder[folder] { return known }
      let folders = folder.split(separator: "/").map(String.init)
      let named = releaseDevices.filter { name in
        folders.contains { DeviceName.matches($0, release: name) }
      }
      let verdict = named.isEmpty || named.contains(release)
      byFolder[folder] = verdict
      return verdict
    }
    return EvidenceSet(
      files: files, seeds: seeds.filter { speaksFor($0.device, $0.location) },
      tests: tests.filter { speaksFor($0.device, $0.location) },
      screenshots: screenshots.filter { speaksFor($0.device, $0.location) }, problems: problems)
  }
}
