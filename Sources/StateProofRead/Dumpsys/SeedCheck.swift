import Foundation
import StateProofModel

/// The library side of `stateproof seed-check`: reads a `dumpsys package` dump back after seeding
/// and says whether one permission is in the wanted state.
///
/// It replaces the seed script's `grep -m1 "$PERM: granted="` read-back, which takes the first
/// matching line anywhere (another user, another package, a shared user of system apps, the
/// hidden-system copy) and reads a POLICY_FIXED denial as `not-asked`. Here the line is scoped by
/// package, user and section, and classified with `AndroidPermissionState`.
package enum SeedCheck {
  /// Finds `permission`'s runtime line for `user` (and `package`, when given) and classifies it.
  ///
  /// In a text with `Package [...]` headers only lines of a package's block count, and of a
  /// shared user's block; with `package`, only that package's block and the block of the shared
  /// user its block declares (`sharedUser=`). Without `package`, lines of more than one package
  /// or shared user are refused as ambiguous, listing them. A text with no headers at all (the
  /// single line a seed script printed) is the app's, and a line with no user header counts as
  /// user 0. A package not installed for the user (`installed=false`) is refused.
  ///
  /// - Parameters:
  ///   - dump: the output of `adb shell dumpsys package PKG`, or a log holding it, or the single
  ///     line a seed script printed.
  ///   - want: one of `AndroidPermissionState.states`.
  /// - Returns: the line used and its state; `taken` only when that state is exactly `want`, so
  ///   a grant held by policy (`policy-fixed`) does not pass for a seeded `granted`. When the text
  ///   holds several lines of the same owner (a log of several read-backs), the last one is the
  ///   read-back.
  package static func check(
    dump: Data, permission: String, want: String, user: Int = 0, package: String? = nil
  ) -> Result<SeedCheckResult, SeedCheckError> {
    check(DumpsysScan.scan(dump), permission: permission, want: want, user: user, package: package)
  }

  /// The same, reading the dump from `file` one line at a time.
  package static func check(
    file: RegularFile, permission: String, want: String, user: Int = 0, package: String? = nil
  ) -> Result<SeedCheckResult, SeedCheckError> {
    let (scan, error) = DumpsysScan.scan(LineReader(file: file))
    if let error { return .failure(.unreadable("\(error)")) }
    return check(scan, permission: permission, want: want, user: user, package: package)
  }

  private static func check(
    _ scan: DumpsysScan, permission: String, want: String, user: Int, package: String?
  ) -> Result<SeedCheckResult, SeedCheckError> {
    guard AndroidPermissionState.states.contains(want) else { return .failure(.unknownState(want)) }
    let headerless = scan.isHeaderless
    let named = scan.entries.filter { $0.line.name == permission }
    let owned = named.filter { entry in
      guard entry.isRuntimeEvidence else { return false }
      if headerless { return true }
      guard entry.block != .loose else { return false }
      return package.map(entry.owners.contains) ?? true
    }
    let forUser = owned.filter { $0.user == user || ($0.user == nil && user == 0) }
    let installed = forUser.filter { isInstalled($0, package: package) }

    guard let best = installed.map(\.block).min() else {
      if let problem = scan.problems.last(where: { $0.permission == permission }) {
        return .failure(.unreadableLine(line: problem.line, message: problem.message))
      }
      if !named.isEmpty, !named.contains(where: \.isRuntimeEvidence) {
        return .failure(.notRuntime(permission: permission))
      }
      if let package, !headerless, !scan.packages.contains(package),
        !scan.entries.contains(where: { $0.owners.contains(package) })
      {
        return .failure(.packageNotInDump(package))
      }
      if !forUser.isEmpty {
        return .failure(.notInstalled(permission: permission, package: package, user: user))
      }
      return .failure(
        .noPermissionLine(
          permission: permission, package: package, user: user,
          otherUsers: Set(owned.compactMap(\.user)).sorted()))
    }
    if package == nil, !headerless, Set(installed.map(owner)).count > 1 {
      return .failure(
        .ambiguous(permission: permission, user: user, candidates: installed.map(SeedCheckCandidate.init)))
    }
    let entry = installed.last { $0.block == best }!
    let state = AndroidPermissionState.classify(granted: entry.line.granted, flags: entry.line.flags)
    let shared = entry.block == .sharedUser
    return .success(
      SeedCheckResult(
        permission: permission,
        package: package ?? (shared ? (entry.members.count == 1 ? entry.members[0].package : nil) : entry.package),
        sharedUser: shared ? entry.sharedUser : nil, user: user, wanted: want, found: state.state,
        variant: state.variant, taken: state.state == want, line: entry.line.text,
        lineNumber: entry.lineNumber))
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
