/// What `SeedCheck` decided: the permission line it used, the state that line is in, and whether
/// that is the state the seed step wanted.
package struct SeedCheckResult: Sendable, Hashable {
  package var permission: String
  /// The package the line belongs to, or the package asked for when the text does not say.
  package var package: String?
  /// The `SharedUser [name]` block the line was in, when the package keeps its runtime
  /// permissions there.
  package var sharedUser: String?
  package var user: Int
  package var wanted: String
  /// The classified state, e.g. `policy-fixed`.
  package var found: String
  /// A refinement of `found`, e.g. `by-adb` for a grant.
  package var variant: String?
  /// True only when `found` is exactly the wanted state.
  package var taken: Bool
  /// The permission line used, from the name on.
  package var line: String
  /// Its 1-based line number in the dump text.
  package var lineNumber: Int

  package init(
    permission: String, package: String?, sharedUser: String? = nil, user: Int, wanted: String,
    found: String, variant: String?, taken: Bool, line: String, lineNumber: Int
  ) {
    self.permission = permission
    self.package = package
    self.sharedUser = sharedUser
    self.user = user
    self.wanted = wanted
    self.found = found
    self.variant = variant
    self.taken = taken
    self.line = line
    self.lineNumber = lineNumber
  }

  /// The record `seed-check --record` appends.
  package func record(time: String? = nil) -> SeedCheckRecord {
    SeedCheckRecord(
      package: package, sharedUser: sharedUser, user: user, permission: permission,
      wanted: wanted, found: found, taken: taken, line: line, time: time)
  }
}
