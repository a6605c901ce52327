import Testing

@testable import StateProofMatch
import StateProofModel

/// Each platform's release devices, read from the configuration once.
@Suite struct ReleaseDevicesTests {
  @Test func eachPlatformsDevicesAndTheirPlatform() {
    var configuration = Configuration()
    configuration.platforms[.android, default: .init()].releaseDevices = ["Pixel 8 - 14", "Shared"]
    configuration.platforms[.ios, default: .init()].releaseDevices = ["iPhone 16", "Shared"]
    let devices = ReleaseDevices(configuration: configuration)
    #expect(devices[.android] == ["Pixel 8 - 14", "Shared"])
    #expect(devices[.ios] == ["iPhone 16", "Shared"])
    #expect(devices.all == ["Pixel 8 - 14", "Shared", "iPhone 16", "Shared"])
    // A name configured for both platforms says neither.
    #expect(devices.platforms == ["Pixel 8 - 14": .android, "iPhone 16": .ios])
    #expect(ReleaseDevices(configuration: Configuration())[.ios].isEmpty)
  }
}
