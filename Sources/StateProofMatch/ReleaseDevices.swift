import StateProofModel

/// Each platform's release devices (`releaseDevices`), resolved once from the configuration and
/// handed to what compares evidence with them.
struct ReleaseDevices: Sendable {
  private let byPlatform: [Platform: [String]]

  init(configuration: Configuration) {
    byPlatform = configuration.platforms.mapValues(\.releaseDevices)
  }

  /// `platform`'s release devices as configured; empty when it names none.
  subscript(platform: Platform) -> [String] { byPlatform[platform] ?? [] }

  /// Every platform's, platform by platform.
  var all: [String] { Platform.allCases.flatMap { self[$0] } }

  /// The platform each release device is configured for; a name configured for both platforms
  /// says neither.
  var platforms: [String: Platform] {
    Dictionary(
      Platform.allCases.flatMap { platform in self[platform].map { ($0, Optional(platform)) } },
      uniquingKeysWith: { $0 == $1 ? $0 : nil }
    ).compactMapValues { $0 }
  }
}
