import StateProofKnowledge
import StateProofSystem

/// Why `SeedCheck` could not decide: each case names what was looked for, so the CLI can print
/// it as is.
package enum SeedCheckError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `--permission` is neither a built-in id nor an Android permission name.
  case unknownPermission(String)
  /// `--want` is not a state of the permission.
  case unknownState(String, permission: String, states: [String])
  /// The read-back lacks a line the state is read from (location's coarse line); `state` is the
  /// wanted state when only it needs the line.
  case missingLines(permission: String, lines: String, state: String?, line: Int)
  /// `sensor-off` was wanted but the text holds no `dumpsys sensor_privacy` output.
  case noSensorPrivacy(permission: String)
  /// The text has package blocks, but none for this package.
  case packageNotInDump(String)
  /// dumpsys printed `Unable to find package: NAME` (on line `line`): the seed step read back a
  /// package the device does not have; `asked` is `--package`, when given.
  case packageNotFound(String, line: Int, asked: String?)
  /// The permission is listed only as an install (or requested) permission: it has no runtime
  /// state to seed.
  case notRuntime(permission: String)
  /// No runtime line for the permission in that package and user; `otherUsers` are the users
  /// that do have one.
  case noPermissionLine(permission: String, package: String?, user: Int, otherUsers: [Int])
  /// The package (or, without `--package`, every owner of a line) is not installed for the user
  /// (`User N: … installed=false`), so its permission state seeds nothing.
  case notInstalled(permission: String, package: String?, user: Int)
  /// No package was given and lines of several packages or shared users remain.
  case ambiguous(permission: String, user: Int, candidates: [SeedCheckCandidate])
  /// The permission's line is there but cannot be read (e.g. cut off inside its flag list).
  case unreadableLine(line: Int, message: String)
  /// The dump could not be read to its end.
  case unreadable(String)

  package var description: String {
    switch self {
    case .unknownPermission(let permission):
      let ids = PlatformKnowledge.permissions.filter { $0.android != nil }.map(\.id)
      let near = NearestNames.nearest(to: permission, among: ids)
      return "unknown permission '\(permission)'"
        + (near.isEmpty
          ? "; use a built-in id with Android states (\(ids.joined(separator: ", "))) or a full name such as android.permission.CAMERA"
          : NearestNames.didYouMean(near) + " (or a full name such as android.permission.CAMERA)")
    case .unknownState(let state, let permission, let states):
      return "unknown state '\(state)' for \(permission)" + NearestNames.didYouMean(state, among: states)
        + " (the states: \(states.joined(separator: ", ")))"
    case .missingLines(let permission, let lines, let state, let line):
      let what = state.map { "\(permission) cannot show \($0) without" } ?? "\(permission) is read from"
      return "the read-back ending at line \(line) has no \(lines) line: \(what) it"
    case .noSensorPrivacy(let permission):
      return
        "sensor-off is read from dumpsys sensor_privacy, and the input holds none: capture adb shell dumpsys sensor_privacy beside dumpsys package for \(permission)"
    case .packageNotInDump(let package):
      return "the dump has no Package [\(package)] block"
    case .packageNotFound(let name, let line, let asked):
      let other = asked.map { $0 == name ? "" : ", not \($0) (--package)" } ?? ""
      return
        "dumpsys printed “Unable to find package: \(name)” (line \(line)): the seed step read back \(name)\(other), which the device does not have; install the build under test before seeding, and read back its package name"
    case .notRuntime(let permission):
      return "\(permission) is not a runtime permission here (only listed as install or requested)"
    case .noPermissionLine(let permission, let package, let user, let otherUsers):
      let owner = package.map { " of \($0)" } ?? ""
      let others =
        otherUsers.isEmpty
        ? "" : " (found for user \(otherUsers.map(String.init).joined(separator: ", ")))"
      return "no runtime permission line for \(permission)\(owner), user \(user)\(others)"
    case .notInstalled(let permission, let package, let user):
      return
        "\(package ?? "the package holding \(permission)") is not installed for user \(user) (installed=false), so its \(permission) line proves nothing"
    case .ambiguous(let permission, let user, let candidates):
      return
        "\(permission) for user \(user) appears in the blocks of several packages or shared users and nothing says which is the app's; name it with --package. Candidates:\n"
        + candidates.map { "  \($0)" }.joined(separator: "\n")
    case .unreadableLine(let line, let message):
      return "line \(line): \(message)"
    case .unreadable(let message):
      return message
    }
  }
}
