import StateProofModel

/// One Android permission line read back after seeding, classified into a matrix state.
package struct SeedRecord: Codable, Sendable, Hashable {
  package var location: EvidenceLocation
  /// The line exactly as it was read (log prefixes and colour codes removed).
  package var raw: String
  /// The Android permission name, e.g. `android.permission.CAMERA`.
  package var permission: String
  /// Where in its log the line was printed; the matcher decides from this whose line it is.
  package var block: SeedBlock
  /// The `Package [name]` block the line is in; nil for any other block.
  package var package: String?
  /// The `SharedUser [name]` block the line is in.
  package var sharedUser: String?
  /// For a shared-user line: the packages that declare that shared user in the same dump (for a
  /// seed-check record, the package it was checked for).
  package var sharedUserPackages: [SharedUserMember]
  /// The `installed=` of the `User N:` line the line sits under; nil when the log does not say.
  package var installed: Bool?
  package var user: Int?
  package var device: String?
  package var granted: Bool
  package var flags: [String]
  /// The classified state, e.g. `blocked` or `policy-fixed`.
  package var state: String
  /// A refinement of the state, e.g. `one-time` or `by-role` for a grant.
  package var variant: String?
  /// The state the seed step asked for, when the evidence says (e.g. `seed did not take: wanted X`).
  package var wanted: String?
  /// Which read-back of its file the line belongs to: lines printed together (one run of lines
  /// of one package and user, no permission twice) share it, so a state read from several lines
  /// (location, photos) is composed from one read-back only.
  package var readBack: Int
  /// The device's API level, when the evidence says (`seed-check --sdk`, a
  /// `[ro.build.version.sdk]: [34]` line of `getprop`).
  package var sdk: Int?
  /// The API level the app targets, from the `targetSdk=` of its `Package [name]` block (or a
  /// seed-check record); nil when the evidence does not say.
  package var targetSdk: Int?
  /// For a camera or microphone line: whether `dumpsys sensor_privacy`, captured beside it, shows
  /// the sensor switched off for the line's user; nil when no such output was captured or it
  /// does not say.
  package var sensorBlocked: Bool?
  /// The `dumpsys sensor_privacy` entry that said so, as a line for people (`sensor=2
  /// state_type=1`, or that the sensor has no entry).
  package var sensorLine: String?
  /// The app's build its block names: the `versionName=` and `versionCode=` of the `Package
  /// [name]` block (for a shared-user line, set by the matcher from the app's member), of the
  /// lines a headerless read-back printed before it, or of a seed-check record.
  package var build: BuildIdentity?
  /// When it was read back: a seed-check record's `time`, or the CI log's timestamp on its line.
  package var time: EvidenceTime?

  package init(
    location: EvidenceLocation, raw: String, permission: String, block: SeedBlock,
    package: String? = nil, sharedUser: String? = nil, sharedUserPackages: [SharedUserMember] = [],
    installed: Bool? = nil, user: Int? = nil, device: String? = nil, granted: Bool, flags: [String],
    state: String, variant: String? = nil, wanted: String? = nil, readBack: Int = 0, sdk: Int? = nil,
    sensorBlocked: Bool? = nil, sensorLine: String? = nil, build: BuildIdentity? = nil, time: EvidenceTime? = nil,
    targetSdk: Int? = nil
  ) {
    self.targetSdk = targetSdk
    self.location = location
    self.raw = raw
    self.permission = permission
    self.block = block
    self.package = package
    self.sharedUser = sharedUser
    self.sharedUserPackages = sharedUserPackages
    self.installed = installed
    self.user = user
    self.device = device
    self.granted = granted
    self.flags = flags
    self.state = state
    self.variant = variant
    self.wanted = wanted
    self.readBack = readBack
    self.sdk = sdk
    self.sensorBlocked = sensorBlocked
    self.sensorLine = sensorLine
    self.build = build
    self.time = time
  }

  /// False when the seed step wanted a state the device did not end up in.
  package var taken: Bool { wanted == nil || wanted == state }
}
