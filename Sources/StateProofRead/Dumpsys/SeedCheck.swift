import Foundation
import StateProofKnowledge
import StateProofModel
import StateProofSystem

/// The library side of `stateproof seed-check`: reads a `dumpsys package` dump back after seeding
/// and says whether one permission is in the wanted state.
///
/// It replaces the seed script's `grep -m1 "$PERM: granted="` read-back, which takes the first
/// matching line anywhere (another user, another package, a shared user of system apps, the
/// hidden-system copy) and reads a POLICY_FIXED denial as `not-asked`. Here the lines are scoped
/// by package, user and section, and the state is composed from every line it needs (location
/// from fine, coarse and background; photos from the media lines) by the platform knowledge.
package enum SeedCheck {
  /// Finds `permission`'s runtime lines for `user` (and `package`, when given) and classifies
  /// them.
  ///
  /// In a text with `Package [...]` headers only lines of a package's block count, and of a
  /// shared user's block; with `package`, only that package's block and the block of the shared
  /// user its block declares (`sharedUser=`). Without `package`, lines of more than one package
  /// or shared user are refused as ambiguous, listing them. A text with no headers at all (the
  /// lines a seed script printed) is the app's, and a line with no user header counts as user 0.
  /// A package not installed for the user (`installed=false`) is refused, and so is a read-back
  /// of a package the device does not have (dumpsys's `Unable to find package: NAME`).
  ///
  /// - Parameters:
  ///   - dump: the output of `adb shell dumpsys package PKG` (and, for `sensor-off`,
  ///     `adb shell dumpsys sensor_privacy`), a log holding it, or the lines a seed script printed.
  ///   - permission: a built-in id (`location`) or a full Android name.
  ///   - want: a state of that permission (a former name such as `policy-fixed` is read as the
  ///     state it now is).
  /// - Returns: the lines used and their state; `taken` only when that state is exactly `want`,
  ///   so a grant held by policy (`policy-granted`) does not pass for a seeded `granted`, nor an
  ///   "Only this time" grant (ONE_TIME) for any grant. When the text holds several read-backs
  ///   of the same owner, the last one counts.
  package static func check(
    dump: Data, permission: String, want: String, user: Int = 0, package: String? = nil
  ) throws(SeedCheckError) -> SeedCheckResult {
    try check(LineReader(bytes: [UInt8](dump)), permission: permission, want: want, user: user, package: package)
  }

  /// The same, reading the dump from `file` one line at a time.
  package static func check(
    file: RegularFile, permission: String, want: String, user: Int = 0, package: String? = nil
  ) throws(SeedCheckError) -> SeedCheckResult {
    try check(LineReader(file: file), permission: permission, want: want, user: user, package: package)
  }

  private static func check(
    _ lines: LineReader, permission: String, want: String, user: Int, package: String?
  ) throws(SeedCheckError) -> SeedCheckResult {
    let (scan, error) = DumpsysScan.scan(lines)
    if let error { throw .unreadable("\(error)") }
    return try check(scan, permission: permission, want: want, user: user, package: package)
  }

  /// The states `seed-check --want` takes for `permission`, or nil when the permission is
  /// neither a built-in id nor an Android name.
  package static func states(for permission: String) -> [String]? {
    guard let reading = PlatformKnowledge.reading(for: permission) else { return nil }
    let own =
      PlatformKnowledge.permission(permission).map { known in
        known.states(on: .android).filter(\.reachable).map(\.state)
      } ?? AndroidPermissionState.states + (reading.sensor == nil ? [] : ["sensor-off"])
    var seen: Set<String> = []
    return (own + AndroidReading.otherStates).filter { seen.insert($0).inserted }
  }

  private static func check(
    _ scan: DumpsysScan, permission: String, want asked: String, user: Int, package: String?
  ) throws(SeedCheckError) -> SeedCheckResult {
    guard let reading = PlatformKnowledge.reading(for: permission), let states = states(for: permission) else {
      throw .unknownPermission(permission)
    }
    let want = AndroidPermissionState.current(asked)
    guard states.contains(want) else { throw .unknownState(asked, permission: permission, states: states) }
    let headerless = scan.isHeaderless
    let named = scan.entries.filter { reading.names.contains($0.line.name) }
    let owned = named.filter { entry in
      guard entry.isRuntimeEvidence else { return false }
      if headerless { return true }
      guard entry.block != .loose else { return false }
      return package.map(entry.owners.contains) ?? true
    }
    let forUser = owned.filter { $0.user == user || ($0.user == nil && user == 0) }
    let installed = forUser.filter { isInstalled($0, package: package) }

    guard let best = installed.map(\.block).min() else {
      if let missing = scan.notFound.last(where: { $0.package == package }) ?? scan.notFound.last {
        throw .packageNotFound(missing.package, line: missing.line, asked: package)
      }
      if let problem = scan.problems.last(where: { $0.permission.map(reading.names.contains) ?? false }) {
        throw .unreadableLine(line: problem.line, message: problem.message)
      }
      if !named.isEmpty, !named.contains(where: \.isRuntimeEvidence) {
        throw .notRuntime(permission: permission)
      }
      if let package, !headerless, !scan.packages.contains(package),
        !scan.entries.contains(where: { $0.owners.contains(package) })
      {
        throw .packageNotInDump(package)
      }
      if !forUser.isEmpty {
        throw .notInstalled(permission: permission, package: package, user: user)
      }
      throw .noPermissionLine(
        permission: describe(reading, permission), package: package, user: user,
        otherUsers: Set(owned.compactMap(\.user)).sorted())
    }
    if package == nil, !headerless, Set(installed.map(owner)).count > 1 {
      throw .ambiguous(permission: permission, user: user, candidates: installed.map(SeedCheckCandidate.init))
    }
    // The last read-back of the best block: every line of it the reading names.
    let last = installed.last { $0.block == best }!
    let used = installed.filter { $0.readBack == last.readBack }
    let facts = Dictionary(
      used.map { ($0.line.name, AndroidLineFacts(granted: $0.line.granted, flags: $0.line.flags.set)) },
      uniquingKeysWith: { _, later in later })
    let shared = last.block == .sharedUser
    let owner = package ?? (shared ? (last.members.count == 1 ? last.members[0].package : nil) : last.package)
    // A shared user's lines take the version of the package's own block.
    let version = shared ? owner.flatMap { scan.versions[last.dump]?[$0] } : last.version
    let sensorEntry = used.first { $0.line.name == reading.primary } ?? last
    let sensor = reading.sensor == nil ? nil : SeedLogReader.sensorState(of: sensorEntry, in: scan)
    // A package's block prints every runtime permission the app requests (a headerless read-back
    // may be cut down): a line it lacks is one the app does not request.
    let composition = reading.compose(
      facts, sensorBlocked: sensor?.blocked, targetSdk: version?.targetSdk, whole: !headerless)
    let missing = reading.missing(composition, want: want)
    if !missing.isEmpty {
      throw .missingLines(
        permission: permission, lines: reading.describe(missing: missing), state: composition.state == nil ? nil : want,
        line: last.lineNumber)
    }
    if want == "sensor-off", sensor == nil {
      throw .noSensorPrivacy(permission: permission)
    }
    let found = composition.state!
    var result = SeedCheckResult(
      permission: permission, package: owner,
      sharedUser: shared ? last.sharedUser : nil, user: user, wanted: want, found: found,
      variant: composition.variant, oneTime: composition.oneTime,
      // An "Only this time" grant is no seeded grant: it lapses a minute after the app leaves
      // the foreground, as `report` reads it too (one-time-grant).
      taken: found == want && composition.oneTime.isEmpty,
      lines: used.map { SeedCheckResult.Line(text: $0.line.text, number: $0.lineNumber) },
      note: composition.note, sensor: sensor?.text, sensorBlocked: sensor?.blocked, sdk: last.sdk,
      version: version)
    // The app's declarations on this device, kept in the record for report to read.
    if let owner {
      result.requested = scan.requested.last { $0.dump == last.dump && $0.package == owner }?.names.map(\.name) ?? []
    }
    return result
  }

  /// `location (ACCESS_FINE_LOCATION, ACCESS_COARSE_LOCATION, …)` for an id; the name itself.
  private static func describe(_ reading: AndroidReading, _ permission: String) -> String {
    reading.names == [permission]
      ? permission : "\(permission) (\(reading.lines.map(\.shortName).joined(separator: ", ")))"
  }

  /// Whose line it is, for telling owners apart: the package (a hidden-system copy is the same
  /// package), the one package declaring a shared user, or else the shared user itself.
  private static func owner(_ entry: DumpsysEntry) -> String {
    if entry.block == .sharedUser {
      return entry.members.count == 1
        ? "Package [\(entry.members[0].package)]" : "SharedUser [\(entry.sharedUser ?? "")]"
    }
    return "Package [\(entry.package ?? "")]"
  }

  /// False when the dump says the package is not installed for the line's user: for a shared-user
  /// line, `package` (or, without one, every declaring package) is not.
  private static func isInstalled(_ entry: DumpsysEntry, package: String?) -> Bool {
    guard entry.block == .sharedUser else { return entry.installed != false }
    if let package {
      return entry.members.first { $0.package == package }?.installed != false
    }
    return entry.members.isEmpty || entry.members.contains { $0.installed != false }
  }
}
