import Foundation

/// The line `stateproof seed-check --record` appends to a `.jsonl` file: what was wanted, what the
/// read-back found and the dumpsys line it was decided from, so the report can cite it later.
package struct SeedCheckRecord: Codable, Sendable, Hashable {
  package var package: String?
  /// The `SharedUser [name]` block the line was in; `package` declares that shared user.
  package var sharedUser: String?
  package var user: Int
  package var permission: String
  /// The state the seed step asked for.
  package var wanted: String
  /// The state the permission line classifies as.
  package var found: String
  package var taken: Bool
  /// The permission line, from the name on (the first, when the state is read from several).
  package var line: String
  /// The other lines the state was read from (location's coarse and background lines); absent
  /// for a state read from one line.
  package var otherLines: [String]?
  /// For a camera or microphone: the `dumpsys sensor_privacy` entry read, and whether it shows
  /// the sensor switched off.
  package var sensor: String?
  package var sensorBlocked: Bool?
  /// The device's API level, when known (`--sdk`, or a getprop line in the dump text).
  package var sdk: Int?
  /// When the check ran, as the caller formats it (ISO 8601 recommended).
  package var time: String?
  /// The version fields of the package's block the lines were read from (or printed before a
  /// headerless read-back), as `dumpsys package` printed them.
  package var versionName: String?
  package var versionCode: String?
  package var lastUpdateTime: String?
  package var firstInstallTime: String?
  /// The `targetSdk=` of the package's block: the API level the app targets.
  package var targetSdk: Int?
  /// The package block's `requested permissions:`, in order: the installed app's declarations
  /// on this device; absent when the text printed none.
  package var requested: [String]?

  package init(
    package: String?, sharedUser: String? = nil, user: Int, permission: String, wanted: String,
    found: String, taken: Bool, line: String, otherLines: [String]? = nil, sensor: String? = nil,
    sensorBlocked: Bool? = nil, sdk: Int? = nil, time: String? = nil, version: PackageVersion? = nil,
    requested: [String]? = nil
  ) {
    self.requested = requested
    self.package = package
    self.sharedUser = sharedUser
    self.user = user
    self.permission = permission
    self.wanted = wanted
    self.found = found
    self.taken = taken
    self.line = line
    self.otherLines = otherLines
    self.sensor = sensor
    self.sensorBlocked = sensorBlocked
    self.sdk = sdk
    self.time = time
    versionName = version?.versionName
    versionCode = version?.versionCode
    lastUpdateTime = version?.lastUpdateTime
    firstInstallTime = version?.firstInstallTime
    targetSdk = version?.targetSdk
  }

  /// The record as one line of JSON with sorted keys (no line end), so the same check always
  /// appends the same bytes; absent optional fields are left out.
  package func jsonLine() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}
