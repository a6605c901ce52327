/// The state of one Android permission line for one user, classified by AOSP's rules.
package struct AndroidPermissionState: Sendable, Hashable {
  /// The state, e.g. `blocked`; always one of `states`.
  package var state: String
  /// A refinement: `one-time`, `by-user`, `by-role`, `by-default`, `by-adb` for grants;
  /// `granted` or `denied` for the system-fixed and restricted states.
  package var variant: String?

  package init(state: String, variant: String? = nil) {
    self.state = state
    self.variant = variant
  }

  /// Every state `classify` can return, in the order its rules are tried.
  package static let states = [
    "policy-denied", "policy-granted", "system-fixed", "restriction-applied", "denied-legacy", "granted",
    "blocked", "denied-once", "auto-revoked", "one-time", "review-required", "not-asked",
  ]

  /// Names earlier versions of StateProof used, and what they are now: a policy that fixes a
  /// permission denied was `policy-fixed`, a lapsed "Only this time" grant `one-time-expired`.
  package static let formerNames = ["policy-fixed": "policy-denied", "one-time-expired": "one-time"]

  /// `name`, or the state it is the former name of.
  package static func current(_ name: String) -> String { formerNames[name] ?? name }

  /// Classifies in the order AOSP's own checks imply (dumpsys-format note, section 6): what
  /// neither the app nor the user can change comes first, then the grant, then the user's
  /// decisions. USER_SENSITIVE_*, RESTRICTION_*_EXEMPT, REVOKE_WHEN_REQUESTED and numeric bits
  /// never change the state.
  ///
  /// - A device policy fixes a permission either way, so `granted=true, POLICY_FIXED` is
  ///   `policy-granted` and `granted=false, POLICY_FIXED` is `policy-denied`
  ///   ([P:PCSI] `setPolicyFixed(true)` then grant or revoke; [D:DPM] setPermissionGrantState).
  /// - `granted=false, ONE_TIME` is an "Only this time" grant whose session ended: the dialog
  ///   shows again ([P:PCSI] onOneTimePermissionSessionTimeout; corpus a11-emulator-one-time).
  /// - A grant's variant names the strongest reason it holds: an "only this time" grant, then the
  ///   user's own choice (USER_SET), a role, a default grant, and otherwise `by-adb` (`pm grant`
  ///   and `install -g` set no flag).
  package static func classify(granted: Bool, flags: Set<String>) -> AndroidPermissionState {
    let grant = granted ? "granted" : "denied"
    if flags.contains("POLICY_FIXED") { return .init(state: granted ? "policy-granted" : "policy-denied") }
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
    if flags.contains("ONE_TIME") { return .init(state: "one-time") }
    if flags.contains("REVIEW_REQUIRED") { return .init(state: "review-required") }
    return .init(state: "not-asked")
  }
}
