import StateProofModel

extension PlatformKnowledge {
  /// Motion and physical activity: Android's ACTIVITY_RECOGNITION (Android 10), iOS's Core
  /// Motion authorization.
  static let motion = PermissionDefinition(
    id: "motion", title: "Motion and activity",
    // [D:ACTREC] ACTIVITY_RECOGNITION, a runtime permission from Android 10 (API 29). [A:PFKT] for
    // an app targeting 28 or lower it is granted implicitly, and the Settings switch revokes its
    // app op instead: granted=true with REVOKED_COMPAT, the revoked-in-settings row.
    android: AndroidReading(
      kind: .single,
      lines: [
        AndroidLine("android.permission.ACTIVITY_RECOGNITION", role: "physical activity", os: .android(from: 29))
      ],
      legacy: .init(
        below: 29, states: ["denied-legacy": "revoked-in-settings"],
        why:
          "for an app targeting 9 (API 28) or lower ACTIVITY_RECOGNITION is granted without asking, and granted=true with REVOKED_COMPAT is the user's “Physical activity” switch turned off in Settings"
      )),
    // [I:CMS] CMMotionActivityManager.authorizationStatus(), iOS 11.
    ios: IOSAuthorization(
      resource: "motion", reads: "CMMotionActivityManager.authorizationStatus()", type: "CMAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "11.0"), .init(".restricted", 1, since: "11.0"),
        .init(".denied", 2, since: "11.0"), .init(".authorized", 3, since: "11.0"),
      ],
      since: .ios(11), store: .tcc("kTCCServiceMotion")),
    // [P:ARP] ACTIVITY_RECOGNITION is exempt from the unused-app reset: no auto-revoked row.
    states: AndroidStates.common(
      ["android.permission.ACTIVITY_RECOGNITION"], screens: .init(granted: "activity-on"), sensor: true,
      autoRevoked: false
    ).map { state -> StateDefinition in
      let limited = state.limited(to: .android(from: 29), reason: beforeAndroid10)
      // [D:ACTREC] apps targeting 9 (API 28) or lower that declare Play services' permission get
      // ACTIVITY_RECOGNITION auto-granted: they never ask; the user can still turn it off in
      // Settings [D:FITAUTH], the revoked-in-settings row.
      guard ["not-asked", "denied-once", "blocked"].contains(state.state) else { return limited }
      return limited.targeting(
        .target(from: 29),
        reason:
          "Apps targeting Android 9 (API 28) or lower never ask for ACTIVITY_RECOGNITION: declaring Play services' com.google.android.gms.permission.ACTIVITY_RECOGNITION gets it auto-granted [D:ACTREC], and the user's refusal is the Settings switch (revoked-in-settings). That such an app without the Play services permission has no line is UNVERIFIED: one that declares android.permission.ACTIVITY_RECOGNITION itself may ask like any runtime permission; give these rows \"targetSdk\" in the configuration for it."
      )
    }
      + [
        AndroidStates.revokedInSettings(
          ["android.permission.ACTIVITY_RECOGNITION"], seedLines: ["android.permission.ACTIVITY_RECOGNITION"],
          setting: "“Physical activity”", below: 29, withheld: "activity recognition returns no data",
          screens: .init(granted: "activity-on"),
          targetReason:
            "Only an app targeting Android 9 (API 28) or lower holds ACTIVITY_RECOGNITION without asking; from target 29 it is a runtime permission the app asks for, and a refusal reads as any other [D:ACTREC].",
          sources: ["D:ACTREC", "D:FITAUTH"]
        ).limited(to: .android(from: 29), reason: beforeAndroid10)
      ]
      + [
        IOSStates.notDetermined(
          reads: ".notDetermined", seed: IOSStates.simctl("reset", "motion"), sources: ["I:CMS", "C:SIMCTL"]),
        IOSStates.authorized(
          reads: ".authorized", screen: "activityOn", seed: IOSStates.simctl("grant", "motion"),
          sources: ["I:CMS", "C:SIMCTL"]),
        IOSStates.denied(reads: ".denied", seed: IOSStates.simctl("revoke", "motion"), sources: ["I:CMS", "C:SIMCTL"]),
        IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ", "I:CMS"]),
        IOSStates.restricted(reads: ".restricted", sources: ["I:CMS"]),
      ].map {
        $0.limited(to: .ios(from: 11), reason: "CMMotionActivityManager.authorizationStatus() arrived in iOS 11.")
      },
    facts: [
      .init(
        "Android 10 (API 29): ACTIVITY_RECOGNITION is a runtime permission; apps targeting 9 (API 28) or lower that declare the Play services permission com.google.android.gms.permission.ACTIVITY_RECOGNITION get it auto-granted, so its never-asked and refused rows need an app targeting 10 or higher.",
        sources: ["D:ACTREC"]),
      .init(
        "Such an app is still refused: the user can turn “Physical activity” off in Settings (Google tells apps targeting 28 or lower on Android 10 to “handle the possibility of the … permission being revoked by the user”). The implicit grant stays and its app op is revoked: the line reads granted=true with REVOKED_COMPAT, which StateProof reads as the revoked-in-settings row for an app it knows targets 28 or lower.",
        sources: ["D:FITAUTH", "A:PFKT"], .codeDerived),
      .init(
        "The unused-app reset never revokes ACTIVITY_RECOGNITION (AUTO_REVOKE_EXEMPT_PERMISSIONS), so it has no auto-revoked row; from Android 12 only a fully managed device's owner may grant it by policy.",
        sources: ["P:ARP", "D:DPMSENS"], .codeDerived),
      .init(
        "iOS: CMAuthorizationStatus notDetermined 0, restricted 1, denied 2, authorized 3 (iOS 11); simctl's motion service seeds it on the Simulator.",
        sources: ["I:CMS", "C:SIMCTL"]),
    ])

  static let beforeAndroid10 =
    "ACTIVITY_RECOGNITION arrived in Android 10: before it activity recognition needs no runtime permission."
}
