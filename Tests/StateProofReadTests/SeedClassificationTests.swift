import Testing

@testable import StateProofKnowledge
@testable import StateProofRead

@Suite struct SeedClassificationTests {
  struct Rule: Sendable, CustomTestStringConvertible {
    var granted: Bool
    var flags: String
    var state: String
    var variant: String?
    var testDescription: String { "granted=\(granted) [\(flags)] → \(state)" }
  }

  /// One case per rule of the note's section 6, each with a flag that an earlier rule would
  /// otherwise have claimed, so a rule moved out of order fails here.
  static let rules: [Rule] = [
    Rule(granted: false, flags: "POLICY_FIXED|USER_FIXED|SYSTEM_FIXED", state: "policy-denied"),
    Rule(granted: true, flags: "POLICY_FIXED|USER_SET", state: "policy-granted"),
    Rule(granted: true, flags: "SYSTEM_FIXED GRANTED_BY_DEFAULT", state: "system-fixed", variant: "granted"),
    Rule(granted: false, flags: "SYSTEM_FIXED|APPLY_RESTRICTION", state: "system-fixed", variant: "denied"),
    Rule(granted: true, flags: "APPLY_RESTRICTION|REVOKED_COMPAT", state: "restriction-applied", variant: "granted"),
    Rule(granted: false, flags: "USER_FIXED|APPLY_RESTRICTION", state: "restriction-applied", variant: "denied"),
    Rule(granted: true, flags: "REVOKED_COMPAT|ONE_TIME", state: "denied-legacy"),
    Rule(granted: true, flags: "REVOKE_ON_UPGRADE REVIEW_REQUIRED", state: "denied-legacy"),
    Rule(granted: true, flags: "ONE_TIME|USER_SET", state: "granted", variant: "one-time"),
    Rule(granted: true, flags: "USER_SET|GRANTED_BY_ROLE", state: "granted", variant: "by-user"),
    Rule(granted: true, flags: "GRANTED_BY_ROLE|GRANTED_BY_DEFAULT", state: "granted", variant: "by-role"),
    Rule(granted: true, flags: "GRANTED_BY_DEFAULT", state: "granted", variant: "by-default"),
    Rule(
      granted: true, flags: "USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED", state: "granted",
      variant: "by-adb"),
    Rule(granted: true, flags: "", state: "granted", variant: "by-adb"),
    Rule(granted: false, flags: "USER_SET|USER_FIXED|AUTO_REVOKED", state: "blocked"),
    Rule(granted: false, flags: "USER_FIXED", state: "blocked"),
    Rule(granted: false, flags: "USER_SET|AUTO_REVOKED|ONE_TIME", state: "denied-once"),
    Rule(granted: false, flags: "AUTO_REVOKED|ONE_TIME", state: "auto-revoked"),
    Rule(granted: false, flags: "ONE_TIME|REVIEW_REQUIRED", state: "one-time"),
    Rule(granted: false, flags: "REVIEW_REQUIRED", state: "review-required"),
    Rule(granted: false, flags: "", state: "not-asked"),
    Rule(granted: false, flags: "GRANTED_BY_DEFAULT|GRANTED_BY_ROLE", state: "not-asked"),
  ]

  @Test(arguments: rules) func classifiesInRuleOrder(_ rule: Rule) {
    let state = AndroidPermissionState.classify(
      granted: rule.granted, flags: PermissionFlags(listed: Array(rule.flags.utf8)).set)
    #expect(state == AndroidPermissionState(state: rule.state, variant: rule.variant))
    #expect(AndroidPermissionState.states.contains(state.state))
  }

  @Test func everyStateIsReachable() {
    let reached = Set(Self.rules.map(\.state))
    #expect(reached == Set(AndroidPermissionState.states))
  }

  static let neutralFlags = [
    "USER_SENSITIVE_WHEN_GRANTED", "USER_SENSITIVE_WHEN_DENIED", "RESTRICTION_INSTALLER_EXEMPT",
    "RESTRICTION_SYSTEM_EXEMPT", "RESTRICTION_UPGRADE_EXEMPT", "REVOKE_WHEN_REQUESTED", "1024",
    "262144", "524288", "SOME_FUTURE_FLAG",
  ]

  /// Adding a flag that carries no decision leaves every rule's answer as it was.
  @Test(arguments: neutralFlags) func neutralFlagsNeverChangeTheState(_ neutral: String) {
    for rule in Self.rules {
      let flags = PermissionFlags(listed: Array("\(rule.flags)|\(neutral)".utf8))
      let state = AndroidPermissionState.classify(granted: rule.granted, flags: flags.set)
      #expect(state == AndroidPermissionState(state: rule.state, variant: rule.variant), "\(rule)")
    }
  }

  @Test func hexBitsClassifyLikeNames() {
    let blocked = PermissionFlags(bits: 0x3)
    #expect(AndroidPermissionState.classify(granted: false, flags: blocked.set).state == "blocked")
    let policy = PermissionFlags(bits: 0x4 | 0x100)
    #expect(AndroidPermissionState.classify(granted: false, flags: policy.set).state == "policy-denied")
  }
}
