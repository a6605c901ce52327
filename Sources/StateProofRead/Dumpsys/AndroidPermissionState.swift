/// The state of one Android permission for one user, classified by AOSP's rules.
package struct AndroidPermissionState: Sendable, Hashable {
  /// The matrix state, e.g. `blocked`; always one of `states`.
  package var state: String
  /// A refinement: `one-time`, `by-user`, `by-role`, `by-default`, `by-adb` for grants;
  /// `granted` or `denied` for the fixed and restricted states.
  package var variant: String?

  package init(state: String, variant: String? = nil) {
    self.state = state
    self.variant = variant
  }

  /// Every state `classify` can return, in the order its rules are tried. These are the strings
  /// matrix rows and `seed-check --want` use.
  package static let states = [
    "policy-fixed", "system-fixed", "restriction-applied", "denied-legacy", "granted", "blocked",
    "denied-once", "auto-revoked", "one-time-expired", "review-required", "not-asked",
  ]

  /// Classifies in the order AOSP's own checks imply (dumpsys-format note, section 6): what
  /// neither the app nor the user can change comes first, then the grant, then the user's
  /// decisions. USER_SENSITIVE_*, RESTRICTION_*_EXEMPT, REVOKE_WHEN_REQUESTED and numeric bits
  /// never change the state.
  ///
  /// A grant's variant names the strongest reason it holds: an "only this time" grant, then the
  /// user's own choice (USER_SET), a role, a default grant, and otherwise `by-adb` (`pm grant` and
  /// `install -g` set no flag).
  package static func classify(granted: Bool, flags: PermissionFlags) -> AndroidPermissionState {
    let grant = granted ? "granted" : "denied"
    if flags.contains("POLICY_FIXED") { return .init(state: "policy-fixed", variant: grant) }
    if flags.contains("SYSTEM_FIXED") { return .init(state: "system-fixed", variant: grant) }
    if flags.contains("APPLY_RESTRICTION") {
      return .init(state: "restriction-applied", variant: grant)
    }
    if granted {
      if flags.contains("REVOKED_COMPAT") { return .init(state: "denied-legacy") }
      if flags.contains("ONE_TIME") { return .init(state: "granted", variant: "one-time") }
      if flags.contains("USER_SET") { return .init(state: "granted", variant: "by-user") }
      if flags.contains("GRANTED_BY_ROLE") { return .init(state: "granted", variant: "by-role") }
      if flags.contains("GRANTED_BY_DEFAULT") {
        return .init(state: "granted", variant: "by-default")
      }
      return .init(state: "granted", variant: "by-adb")
    }
    if flags.contains("USER_FIXED") { return .init(state: "blocked") }
    if flags.contains("USER_SET") { return .init(state: "denied-once") }
    if flags.contains("AUTO_REVOKED") { return .init(state: "auto-revoked") }
    if flags.contains("ONE_TIME") { return .init(state: "one-time-expired") }
    if flags.contains("REVIEW_REQUIRED") { return .init(state: "review-required") }
    return .init(state: "not-asked")
  }
}
