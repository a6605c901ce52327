extension PlatformKnowledge {
  /// The day most of the Android 15 and 16 sources below were read (a row read later gives its own).
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
      "Device-aware permissions: grants and revokes name a device id; a virtual device's camera or microphone grant is kept apart from the default device's (what dumpsys package prints of it is UNVERIFIED).",
      handling: "a note on camera and microphone: StateProof reads the default device's lines only",
      sources: ["A:DPP", "A:PHNOTIF"], checkedOn: releasesCheckedOn, .codeDerived),
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
      "Android 16 (API 36)",
      "Local network protections are only an opt-in (adb shell am compat enable RESTRICT_LOCAL_NETWORK PKG, then a reboot), under which NEARBY_WIFI_DEVICES grants local-network access; without it access stays on. ACCESS_LOCAL_NETWORK itself is API 37: from Android 17 apps targeting 37 need it, blocked by default, in the nearby-devices group.",
      handling:
        "a note on wifi: no row; check ACCESS_LOCAL_NETWORK as a custom permission",
      sources: ["D:LOCALNET", "A:UPGRADE"],
      checkedOn: "2026-12-07"),
    ReleaseCheck(
      "Android 16 and later (AOSP main)",
      "The location button: ACCESS_FINE_LOCATION declared onlyForLocationButton is granted only through the system's button, and the permission upgrade revokes it otherwise.",
      handling: "a note on location: no row", sources: ["A:UPGRADE"], checkedOn: releasesCheckedOn, .codeDerived),
  ]

  /// Prompts and statuses no built-in permission models, each with why and its source.
  package static let notModelled: [PermissionDefinition.Fact] = [
    .init(
      "iOS 14 Local Network privacy: an app's first use of the local network (Bonjour, multicast, a connection to a local host) shows a prompt with NSLocalNetworkUsageDescription; the privilege is undetermined, allowed or denied, and MDM cannot configure it. No API is known to report the answer (UNVERIFIED: the part of TN3179 on reading it was not reached), so StateProof has no permission for it and nothing to read back. The never-asked state can be seeded: XCUIApplication().resetAuthorizationStatus(for: .localNetwork) (iOS 15.4) resets it; simctl's privacy services do not name it. Prove the app's screens with a custom permission (\"ios\": \"localNetwork\") whose rows need a test and a screenshot.",
      sources: ["I:NSLOCAL", "I:TN3179", "I:XPRLN", "I:XRES", "C:SIMCTL"])
  ]
}
