import StateProofModel

/// The evidence that can speak for each release device of one platform (see
/// ``StateProofModel/EvidenceSet/on(device:among:)``), worked out once per report rather than
/// once per row: with thousands of screenshots and a row × device grid that is the difference
/// between a linear and a quadratic report.
struct DeviceSlices {
  private var slices: [String: (evidence: EvidenceSet, shots: [ScreenshotCandidate])] = [:]

  init(evidence: EvidenceSet, shots: [ScreenshotCandidate], releaseDevices: [String]) {
    for device in releaseDevices where slices[device] == nil {
      let onDevice = evidence.on(device: device, among: releaseDevices)
      let locations = Set(onDevice.screenshots.map(\.location))
      slices[device] = (onDevice, shots.filter { locations.contains($0.shot.location) })
    }
  }

  /// The evidence and screenshot candidates for `device`, one of the release devices given.
  subscript(device: String) -> (evidence: EvidenceSet, shots: [ScreenshotCandidate]) {
    slices[device] ?? (EvidenceSet(), [])
  }
}
