/// Why `SeedCheck` could not decide: each case names what was looked for, so the CLI can print
/// it as is.
package enum SeedCheckError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `--want` is not a state the classifier can return.
  case unknownState(String)
  /// The text has package blocks, but none for this package.
  case packageNotInDump(String)
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
    case .unknownState(let state):
      return "unknown state '\(state)'; use one of: \(AndroidPermissionState.states.joined(separator: ", "))"
    case .packageNotInDump(let package):
      return "the dump has no Package [\(package)] block"
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
