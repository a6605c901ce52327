import StateProofModel

extension PlatformKnowledge {
  /// Motion and physical activity: Android's ACTIVITY_RECOGNITION (Android 10), iOS's Core
  /// Motion authorization.
  static let motion = PermissionDefinition(
    id: "motion", title: "Motion and activity",
    // [D:ACTREC] ACTIVITY_RECOGNITION, a runtime permission from Android 10 (API 29).
    android: AndroidReading(
      kind: .single,
      lines: [AndroidLine("android.permission.ACTIVITY_RECOGNITION", role: "physical activity", os: .android(from: 29))]),
    // [I:CMS] CMMotionActivityManager.authorizationStatus(), iOS 11.
    ios: IOSAuthorization(
      resource: "motion", reads: "CMMotionActivityManager.authorizationStatus()", type: "CMAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "11.0"), .init(".restricted", 1, since: "11.0"),
        .init(".denied", 2, since: "11.0"), .init(".authorized", 3, since: "11.0"),
      ],
      since: .ios(11)),
    // [P:ARP] ACTIVITY_RECOGNITION is exempt from the unused-app reset: no auto-revoked row.
    states: AndroidStates.common(
      ["android.permission.ACTIVITY_RECOGNITION"], screens: .init(granted: "activity-on"), sensor: true, autoRevoked: false
    ).map { state -> StateDefinition in
      let limited = state.limited(
        to: .android(from: 29), reason: "ACTIVITY_RECOGNITION arrived in Android 10: before it activity recognition needs no runtime permission.")
      // [D:ACTREC] apps targeting 9 (API 28) or lower that declare Play services' permission get
      // ACTIVITY_RECOGNITION auto-granted: they never ask, so never see a refusal either.
      guard ["not-asked", "denied-once", "blocked"].contains(state.state) else { return limited }
      return limited.targeting(
        .target(from: 29),
        reason:
          "Apps targeting Android 9 (API 28) or lower never ask for ACTIVITY_RECOGNITION: declaring Play services' com.google.android.gms.permission.ACTIVITY_RECOGNITION gets it auto-granted, and without it they have no line [D:ACTREC].")
    }
      + [
        IOSStates.notDetermined(
          reads: ".notDetermined", seed: IOSStates.simctl("reset", "motion"), sources: ["I:CMS", "C:SIMCTL"]),
        IOSStates.authorized(
          reads: ".authorized", screen: "activityOn", seed: IOSStates.simctl("grant", "motion"), sources: ["I:CMS", "C:SIMCTL"]),
        IOSStates.denied(reads: ".denied", seed: IOSStates.simctl("revoke", "motion"), sources: ["I:CMS", "C:SIMCTL"]),
        IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ", "I:CMS"]),
        IOSStates.restricted(reads: ".restricted", sources: ["I:CMS"]),
      ].map { $0.limited(to: .ios(from: 11), reason: "CMMotionActivityManager.authorizationStatus() arrived in iOS 11.") },
    facts: [
      .init("Android 10 (API 29): ACTIVITY_RECOGNITION is a runtime permission; apps targeting 9 (API 28) or lower that declare the Play services permission com.google.android.gms.permission.ACTIVITY_RECOGNITION get it auto-granted, so its never-asked and refused rows need an app targeting 10 or higher.", sources: ["D:ACTREC"]),
      .init("The unused-app reset never revokes ACTIVITY_RECOGNITION (AUTO_REVOKE_EXEMPT_PERMISSIONS), so it has no auto-revoked row; from Android 12 only a fully managed device's owner may grant it by policy.", sources: ["P:ARP", "D:DPMSENS"], .codeDerived),
      .init("iOS: CMAuthorizationStatus notDetermined 0, restricted 1, denied 2, authorized 3 (iOS 11); simctl's motion service seeds it on the Simulator.", sources: ["I:CMS", "C:SIMCTL"]),
    ])
}
