import StateProofModel

extension EvidenceSet {
  /// The evidence that can speak for one release device: what names that device (in its own
  /// fields, or as a folder in its path, e.g. `seed/Pixel 8 - 14/…`), and what names no device
  /// at all (a host test, a screenshot with no device in its path).
  func on(device release: String, among releaseDevices: [String]) -> EvidenceSet {
    let speaksFor = { (device: String?, location: EvidenceLocation) -> Bool in
      if let device { return DeviceName.matches(device, release: release) }
      let folders = location.path.split(separator: "/").dropLast().map(String.init)
      let named = releaseDevices.filter { name in
        folders.contains { DeviceName.matches($0, release: name) }
      }
      return named.isEmpty || named.contains(release)
    }
    return EvidenceSet(
      files: files, seeds: seeds.filter { speaksFor($0.device, $0.location) },
      tests: tests.filter { speaksFor($0.device, $0.location) },
      screenshots: screenshots.filter { speaksFor($0.device, $0.location) }, problems: problems)
  }
}
