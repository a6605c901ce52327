import StateProofModel

extension EvidenceSet {
  /// The evidence that can speak for one release device: what names that device, and what names
  /// no device at all (a host test, a screenshot with no device in its path).
  func on(device release: String) -> EvidenceSet {
    let matches = { (device: String?) in
      device.map { DeviceName.matches($0, release: release) } ?? true
    }
    return EvidenceSet(
      files: files, seeds: seeds.filter { matches($0.device) },
      tests: tests.filter { matches($0.device) },
      screenshots: screenshots.filter { matches($0.device) }, problems: problems)
  }
}
