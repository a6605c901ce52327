extension PlatformKnowledge {
  /// The day the Android 15 and 16 sources below were read.
  static let releasesCheckedOn = "2026-12-03"

  /// What Android 15 and 16 change that touches permission states, each with where the knowledge
  /// has it and when it was checked (review 3, X-M12).
  package static let releaseChecks: [ReleaseCheck] = [
    ReleaseCheck(
      "Android 15 (API 35)",
      "The dumpsys package line and its flag names are those of Android 10 to 14 (pipe-separated, no space before `]`); pm's settable flags are unchanged (review-required, revoked-compat, revoke-when-requested, user-fixed, user-set).",
      handling: "read as on 14: no new state", sources: ["A:PMSC15"], checkedOn: releasesCheckedOn, .codeDerived),
    ReleaseCheck(
      "Android 15 (API 35)",
      "Device-aware permissions: grants and revokes name a device id; a virtual device's camera or microphone grant is kept apart from the default device's.",
      handling: "a note on camera and microphone: StateProof reads the default device's lines only",
      sources: ["A:PHNOTIF"], checkedOn: releasesCheckedOn, .codeDerived),
    ReleaseCheck(
      "Android 16 (API 36)",
      "Apps targeting 36 use android.permission.health.READ_HEART_RATE and the other health permissions in place of BODY_SENSORS; AOSP keeps BODY_SENSORS and READ_HEART_RATE in step.",
      handling: "a note on sensors: name the health permission as the permission's \"android\" line",
      sources: ["D:HEALTH16", "A:UPGRADE"], checkedOn: releasesCheckedOn),
    ReleaseCheck(
      "Android 16 (API 36)",
      "Apps targeting 36 ask for READ_HEALTH_DATA_IN_BACKGROUND in place of BODY_SENSORS_BACKGROUND.",
      handling: "a note on sensorsbackground", sources: ["D:HEALTH16", "A:UPGRADE"], checkedOn: releasesCheckedOn),
    ReleaseCheck(
      "Android 16 and later (AOSP main)",
      "ACCESS_LOCAL_NETWORK joins the nearby-devices group, enforced by the app's target SDK.",
      handling: "a note on wifi: no row; check it as a custom permission", sources: ["A:UPGRADE"],
      checkedOn: releasesCheckedOn, .codeDerived),
    ReleaseCheck(
      "Android 16 and later (AOSP main)",
      "The location button: ACCESS_FINE_LOCATION declared onlyForLocationButton is granted only through the system's button, and the permission upgrade revokes it otherwise.",
      handling: "a note on location: no row", sources: ["A:UPGRADE"], checkedOn: releasesCheckedOn, .codeDerived),
  ]

  /// Prompts and statuses no built-in permission models, each with why and its source.
  package static let notModelled: [PermissionDefinition.Fact] = [
    .init(
      "iOS 14 Local Network privacy: an app's first use of the local network (Bonjour, multicast, a connection to a local host) shows a prompt with NSLocalNetworkUsageDescription. No authorization status reports the answer, and neither XCUIProtectedResource nor simctl's privacy services name it, so there is nothing to seed or read back: StateProof has no permission for it. Prove the app's screens with a custom permission (\"ios\": \"localNetwork\") whose rows need a test and a screenshot.",
      sources: ["I:NSLOCAL", "I:XPR", "C:SIMCTL"]),
  ]
}
