import Foundation

/// The library side of `stateproof seed-check`: reads a `dumpsys package` dump back after seeding
/// and says whether one permission is in the wanted state.
///
/// It replaces the seed script's `grep -m1 "$PERM: granted="` read-back, which takes the first
/// matching line anywhere (another user, a vendor permission whose name ends the same way, the
/// hidden-system copy) and reads a POLICY_FIXED denial as `not-asked`. Here the line is scoped by
/// package, user and section, and classified with `AndroidPermissionState`.
package enum SeedCheck {
  /// Finds `permission`'s runtime line for `user` (and `package`, when given) and classifies it.
  ///
  /// - Parameters:
  ///   - dump: the output of `adb shell dumpsys package PKG`, or a log holding it, or the single
  ///     line a seed script printed (a line with no user header counts as user 0, the block
  ///     `grep -m1` would have found first).
  ///   - want: one of `AndroidPermissionState.states`.
  /// - Returns: the line used and its state; `taken` only when that state is exactly `want`, so
  ///   a grant held by policy (`policy-fixed`) does not pass for a seeded `granted`. When the text
  ///   holds several matching lines (a log of several dumps), the last one is the read-back.
  package static func check(
    dump: Data, permission: String, want: String, user: Int = 0, package: String? = nil
  ) -> Result<SeedCheckResult, SeedCheckError> {
    guard AndroidPermissionState.states.contains(want) else { return .failure(.unknownState(want)) }
    let scan = DumpsysScan.scan(dump)
    let headerless = scan.packages.isEmpty && scan.sharedUsers.isEmpty
    let named = scan.entries.filter { $0.line.name == permission }
    let runtime = named.filter {
      $0.isRuntimeEvidence && (package == nil || headerless || $0.package == package)
    }
    let forUser = runtime.filter { $0.user == user || ($0.user == nil && user == 0) }

    guard let best = forUser.map(\.block).min() else {
      if let problem = scan.problems.last(where: { $0.permission == permission }) {
        return .failure(.unreadableLine(line: problem.line, message: problem.message))
      }
      if !named.isEmpty, !named.contains(where: \.isRuntimeEvidence) {
        return .failure(.notRuntime(permission: permission))
      }
      if let package, !headerless, !scan.packages.contains(package),
        !scan.entries.contains(where: { $0.package == package })
      {
        return .failure(.packageNotInDump(package))
      }
      return .failure(
        .noPermissionLine(
          permission: permission, package: package, user: user,
          otherUsers: Set(runtime.compactMap(\.user)).sorted()))
    }
    let candidates = forUser.filter { $0.block == best }
    let packages = Set(candidates.compactMap(\.package))
    guard packages.count <= 1 else {
      return .failure(.ambiguousPackage(permission: permission, packages: packages.sorted()))
    }
    let entry = candidates[candidates.count - 1]
    let state = AndroidPermissionState.classify(granted: entry.line.granted, flags: entry.line.flags)
    return .success(
      SeedCheckResult(
        permission: permission, package: entry.package ?? package, user: user, wanted: want,
        found: state.state, variant: state.variant, taken: state.state == want,
        line: entry.line.text, lineNumber: entry.lineNumber))
  }
}
