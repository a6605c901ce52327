/// What `SeedCheck` decided: the permission lines it used, the state they show together, and
/// whether that is the state the seed step wanted.
package struct SeedCheckResult: Sendable, Hashable {
  /// As asked: a built-in id (`location`) or a full Android name.
  package var permission: String
  /// The package the lines belong to, or the package asked for when the text does not say.
  package var package: String?
  /// The `SharedUser [name]` block the lines were in, when the package keeps its runtime
  /// permissions there.
  package var sharedUser: String?
  package var user: Int
  /// The state wanted (a former name already read as its current one).
  package var wanted: String
  /// The state the lines show, e.g. `approximate` or `policy-denied`.
  package var found: String
  /// A refinement of `found`, e.g. `by-adb` for a grant.
  package var variant: String?
  /// The lines granted "Only this time" (ONE_TIME) that `found` rests on, short names; empty for
  /// a lasting grant.
  package var oneTime: [String]
  /// True only when `found` is exactly the wanted state, and not on a one-time grant.
  package var taken: Bool
  /// The permission lines used, in text order: one read-back of one package and user.
  package var lines: [Line]
  /// How the lines decided, when it takes more than one line to say.
  package var note: String?
  /// The `dumpsys sensor_privacy` entry read for a camera or microphone, for people.
  package var sensor: String?
  package var sensorBlocked: Bool?
  /// The API level the text gave (`[ro.build.version.sdk]: [N]`).
  package var sdk: Int?
  /// The version fields of the package's block (for a shared-user line, of `package`'s block;
  /// for a headerless read-back, the version lines printed before it); nil when none were printed.
  package var version: PackageVersion?
  /// The package block's `requested permissions:` in the same dump; empty when it printed none.
  package var requested: [String] = []

  package struct Line: Sendable, Hashable {
    /// The line from the permission name on.
    package var text: String
    /// Its 1-based line number in the dump text.
    package var number: Int

    package init(text: String, number: Int) {
      self.text = text
      self.number = number
    }
  }

  package init(
    permission: String, package: String?, sharedUser: String? = nil, user: Int, wanted: String,
    found: String, variant: String?, oneTime: [String] = [], taken: Bool, lines: [Line], note: String? = nil,
    sensor: String? = nil,
    sensorBlocked: Bool? = nil, sdk: Int? = nil, version: PackageVersion? = nil
  ) {
    self.permission = permission
    self.package = package
    self.sharedUser = sharedUser
    self.user = user
    self.wanted = wanted
    self.found = found
    self.variant = variant
    self.oneTime = oneTime
    self.taken = taken
    self.lines = lines
    self.note = note
    self.sensor = sensor
    self.sensorBlocked = sensorBlocked
    self.sdk = sdk
    self.version = version
  }

  /// The first line used (the only one for most permissions).
  package var line: String { lines[0].text }
  package var lineNumber: Int { lines[0].number }

  /// The record `seed-check --record` appends; `sdk` (the device's API level, when the caller
  /// knows it) overrides what the text gave.
  package func record(time: String? = nil, sdk: Int? = nil) -> SeedCheckRecord {
    SeedCheckRecord(
      package: package, sharedUser: sharedUser, user: user, permission: permission,
      wanted: wanted, found: found, taken: taken, line: line,
      otherLines: lines.count > 1 ? lines.dropFirst().map(\.text) : nil, sensor: sensor, sensorBlocked: sensorBlocked,
      sdk: sdk ?? self.sdk, time: time, version: version, requested: requested.isEmpty ? nil : requested)
  }
}
