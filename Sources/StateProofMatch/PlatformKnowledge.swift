import StateProofModel

/// Built-in knowledge of each platform's permission states, from the background article's
/// matrix and AOSP's rationale logic. Everything here is data; new permissions need no code.
package enum PlatformKnowledge {
  /// The states every runtime permission has, per platform, in matrix order.
  package static let commonStates: [StateDefinition] = [
    StateDefinition(
      platform: .android, state: "not-asked", aliases: ["not asked", "never asked"],
      whatHappened: "never asked", appReads: "Denied; rationale false; no user flags",
      screen: "explain-then-ask", requires: [.seed, .screenshot, .test]),
    StateDefinition(
      platform: .android, state: "granted", aliases: ["granted", "allowed"],
      whatHappened: "allowed", appReads: "Granted", screen: "viewfinder",
      requires: [.seed, .screenshot, .test]),
    StateDefinition(
      platform: .android, state: "denied-once", aliases: ["denied once"],
      whatHappened: "denied once", appReads: "Denied; rationale true (USER_SET)",
      screen: "rationale", requires: [.seed, .screenshot, .test]),
    StateDefinition(
      platform: .android, state: "blocked",
      aliases: ["blocked", "denied twice", "permanently denied"],
      whatHappened: "denied twice", appReads: "Denied; rationale false (USER_FIXED)",
      screen: "open-settings", requires: [.seed, .screenshot, .test]),
    StateDefinition(
      platform: .android, state: "policy-fixed", aliases: ["policy fixed", "policy locked"],
      whatHappened: "not the user's decision", appReads: "Denied; rationale false (POLICY_FIXED)",
      screen: "open-settings", requires: [.test]),
    StateDefinition(
      platform: .ios, state: "not-determined", aliases: ["not determined", "never asked"],
      whatHappened: "never asked", appReads: ".notDetermined", screen: "explainThenAsk",
      requires: [.screenshot, .test]),
    StateDefinition(
      platform: .ios, state: "authorized", aliases: ["authorized", "allowed"],
      whatHappened: "allowed", appReads: ".authorized", screen: "capture",
      requires: [.screenshot, .test]),
    StateDefinition(
      platform: .ios, state: "denied", aliases: ["denied"], whatHappened: "denied once",
      appReads: ".denied", screen: "openSettings", requires: [.screenshot, .test]),
    StateDefinition(
      platform: .ios, state: "denied-twice", aliases: ["denied twice"],
      whatHappened: "denied twice", appReads: "No separate state", screen: "openSettings",
      reachable: false,
      reason:
        "iOS saves the first answer and never prompts again, so there is no second denial: .denied covers it.",
      requires: []),
    StateDefinition(
      platform: .ios, state: "restricted", aliases: ["restricted"],
      whatHappened: "not the user's decision", appReads: ".restricted",
      screen: "explainLimitation", requires: [.screenshot, .test]),
  ]

  /// Permissions StateProof knows by name.
  package static let permissions: [PermissionDefinition] = [
    PermissionDefinition(id: "camera", android: "android.permission.CAMERA", ios: "camera"),
    PermissionDefinition(
      id: "microphone", android: "android.permission.RECORD_AUDIO", ios: "microphone"),
    PermissionDefinition(
      id: "location", android: "android.permission.ACCESS_FINE_LOCATION", ios: "location"),
    PermissionDefinition(
      id: "photos", android: "android.permission.READ_MEDIA_IMAGES", ios: "photos",
      extraStates: [
        StateDefinition(
          platform: .android, state: "partial", aliases: ["partial", "selected photos"],
          whatHappened: "allowed some photos",
          appReads: "READ_MEDIA_VISUAL_USER_SELECTED granted; READ_MEDIA_IMAGES denied",
          screen: "reselect", requires: [.seed, .screenshot, .test]),
        StateDefinition(
          platform: .ios, state: "limited", aliases: ["limited"],
          whatHappened: "allowed some photos", appReads: ".limited", screen: "reselect",
          requires: [.screenshot, .test]),
      ]),
  ]

  /// The permission the matrix covers when no configuration says otherwise.
  package static let defaultPermission = "camera"

  /// The built-in definition for a permission id, if StateProof knows it.
  package static func permission(_ id: String) -> PermissionDefinition? {
    permissions.first { $0.id == id }
  }

  /// The receipt selector used when the configuration names none (the article's test names).
  package static func defaultReceipt(for platform: Platform) -> String {
    switch platform {
    case .android: "*#*ShowsSystemDialog"
    case .ios: "*#*ShowsSystemPrompt*"
    }
  }
}
