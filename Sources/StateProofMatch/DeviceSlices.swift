import StateProofModel

/// The seeds and screenshots that can speak for each release device of one platform (see
/// ``DeviceCatalog/speaks(device:at:for:)``), worked out once per report rather than once per
/// row: with thousands of screenshots and a row × device grid that is the difference between a
/// linear and a quadratic report. Tests are judged as they match, from ``TestFacts``.
struct DeviceSlices {
  private var slices: [String: (seeds: [SeedReading], shots: [ScreenshotCandidate])] = [:]
  /// The seeds and screenshots that name no device: they speak for none.
  let unnamed: (seeds: [SeedReading], shots: [ScreenshotCandidate])

  init(readings: [SeedReading], shots: [ScreenshotCandidate], releaseDevices: [String], catalog: DeviceCatalog) {
    unnamed = (
      readings.filter { !catalog.names(device: $0.device, at: $0.location) },
      shots.filter { !catalog.names(device: $0.shot.device, at: $0.shot.location) }
    )
    for device in releaseDevices where slices[device] == nil {
      slices[device] = (
        readings.filter { catalog.speaks(device: $0.device, at: $0.location, for: device) },
        shots.filter { catalog.speaks(device: $0.shot.device, at: $0.shot.location, for: device) }
      )
    }
  }

  /// The seeds and screenshot candidates for `device`, one of the release devices given.
  subscript(device: String) -> (seeds: [SeedReading], shots: [ScreenshotCandidate]) {
    slices[device] ?? ([], [])
  }
}
