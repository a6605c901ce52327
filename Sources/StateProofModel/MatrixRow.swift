/// One row of the permission-state matrix: a state the app must handle, and what proves it.
package struct MatrixRow: Codable, Sendable, Hashable {
  package var id: RowID
  /// What happened, in the user's words: "never asked", "denied once", ...
  package var whatHappened: String
  /// What the app reads from the platform in this state.
  package var appReads: String
  /// The screen a test asserts in this state.
  package var screen: String
  package var reachable: Bool
  /// Why the platform cannot reach this state (unreachable rows only).
  package var reason: String?
  /// The evidence kinds the row needs before it counts as covered.
  package var requires: [EvidenceKind]
  /// Test selectors: globs over `classname#name`.
  package var tests: [String]
  /// Screenshot globs over the evidence-relative path.
  package var screenshots: [String]
  /// Seed-log globs over the evidence-relative path: lines in those files were seeded for this
  /// row, so a line in another state there did not take.
  package var seeds: [String]
  /// The platform's own name for the permission, e.g. `android.permission.CAMERA`.
  package var platformPermission: String?
  /// The OS versions the row applies to, for people ("Android 13 and later"); nil for all.
  package var os: String?
  /// Which of the app's declarations decided the row's reach (the rule and the file), when one
  /// did.
  package var declaration: String?

  package init(
    id: RowID, whatHappened: String, appReads: String, screen: String, reachable: Bool = true,
    reason: String? = nil, requires: [EvidenceKind], tests: [String] = [],
    screenshots: [String] = [], seeds: [String] = [], platformPermission: String? = nil, os: String? = nil
  ) {
    self.id = id
    self.whatHappened = whatHappened
    self.appReads = appReads
    self.screen = screen
    self.reachable = reachable
    self.reason = reason
    self.requires = requires.sorted()
    self.tests = tests
    self.screenshots = screenshots
    self.seeds = seeds
    self.platformPermission = platformPermission
    self.os = os
  }
}
