import StateProofModel

extension PlatformKnowledge {
  /// Body sensors in the background: BODY_SENSORS_BACKGROUND (Android 13), allowed on the
  /// Settings page like background location; Android 16's READ_HEALTH_DATA_IN_BACKGROUND for apps
  /// targeting 36.
  static let sensorsBackground = PermissionDefinition(
    id: "sensorsbackground", title: "Body sensors in the background",
    // [D:BODY13] BODY_SENSORS_BACKGROUND from Android 13 (API 33), asked after BODY_SENSORS.
    // [A:PPSFG] addOpIfFgPermissions: without BODY_SENSORS granted the op is IGNORED whatever
    // the background line says, so the background states are read with the foreground line.
    android: AndroidReading(
      kind: .sensorsBackground,
      lines: [
        AndroidLine(
          "android.permission.BODY_SENSORS_BACKGROUND", role: "body sensors while the app is in the background",
          os: .android(from: 33)),
        AndroidLine("android.permission.BODY_SENSORS", role: "body sensors while the app is in use"),
      ]),
    ios: nil,
    states: AndroidStates.common(
      sensorsBackgroundLines, screens: .init(granted: "heart-rate-background"), sensor: true
    ).map { state in
      // [D:BODYBG] the dialog has no “All the time”: the user allows it on the Settings page, and
      // leaving that page without it counts as a denial [P:GPVM] sendDirectlyToSettings, as for
      // background location.
      switch state.state {
      case "granted": return settingsPageGrant(state)
      case "denied-once", "blocked": return settingsPageRefusal(state)
      default: return state
      }
    }.map {
      $0.limited(
        to: .android(from: 33),
        reason: "BODY_SENSORS_BACKGROUND arrived in Android 13: before it BODY_SENSORS covers the background too.")
    },
    facts: [
      .init(
        "Android 13 (API 33): BODY_SENSORS_BACKGROUND, granted only after BODY_SENSORS and asked apart; the dialog has no “All the time”: the user allows it on the app's Sensors settings page, like background location.",
        sources: ["D:BODY13", "D:BODYBG"]),
      .init(
        "Background access needs BODY_SENSORS granted for good as well: without the foreground permission the app gets no sensor data at all, its app op ignored whatever BODY_SENSORS_BACKGROUND says. StateProof proves the granted, denied-once and blocked rows only from a read-back with BODY_SENSORS granted (not “Only this time”), and their seeds grant BODY_SENSORS first, as background location's do.",
        sources: ["A:PPSFG", "D:BODYBG"], .codeDerived),
      .init(
        "Apps targeting 12L (API 32) or lower that declare BODY_SENSORS have the line too: platform.xml splits BODY_SENSORS into BODY_SENSORS_BACKGROUND at targetSdk 33. Requesting BODY_SENSORS does not grant background access to such apps: the system invites the user to the app's sensor settings page, where the user turns background use on, or does not. Its rows are reachable for them as for apps targeting 13.",
        sources: ["A:PLATXML", "D:BODYBG"]),
      .init(
        "A restricted permission: it “cannot be held by your app until the installer adds your app to an allowlist, or until the user lets your app have the permission”. On an install that did not allow-list it the line carries APPLY_RESTRICTION, which StateProof reads as restriction-applied (no row) and pm grant cannot change; adb install allow-lists restricted permissions unless given --restrict-permissions.",
        sources: ["D:BODYBG", "A:PMSC15"]),
      .init(
        "Android 16 (API 36): apps targeting 36 ask for android.permission.health.READ_HEALTH_DATA_IN_BACKGROUND instead; give it as the permission's \"android\" name.",
        sources: ["D:HEALTH16", "A:UPGRADE"], .codeDerived),
    ])

  static let sensorsBackgroundLines = ["android.permission.BODY_SENSORS_BACKGROUND"]

  static let bodySensors = "android.permission.BODY_SENSORS"

  /// Granted on the Settings page (“All the time”), never from the dialog [D:BODYBG], over a
  /// lasting BODY_SENSORS grant [A:PPSFG].
  private static func settingsPageGrant(_ state: StateDefinition) -> StateDefinition {
    var state = state
    state.whatHappened = "allowed body sensors, then “All the time” on the app's Sensors settings page"
    state.appReads =
      "BODY_SENSORS and BODY_SENSORS_BACKGROUND granted: sensor data arrives while the app is in the background"
    state.proof =
      "BODY_SENSORS_BACKGROUND: granted=true and BODY_SENSORS: granted=true, neither with ONE_TIME (a background grant without the foreground one gives no sensor data)"
    state.seed = SeedStep(AndroidStates.pm(["grant LINE"], [bodySensors] + sensorsBackgroundLines))
    state.sources += ["D:BODYBG", "A:PPSFG"]
    return state
  }

  /// A refusal on the Settings page: leaving it without “All the time” is a denial (USER_SET,
  /// then USER_FIXED) [P:GPVM] sendDirectlyToSettings, as for background location [D:BODYBG].
  private static func settingsPageRefusal(_ state: StateDefinition) -> StateDefinition {
    var state = state
    let once = state.state == "denied-once"
    state.whatHappened =
      once
      ? "allowed body sensors while using the app, then left the Sensors settings page without choosing “All the time”"
      : "allowed body sensors while using the app, then refused “All the time” twice"
    state.appReads =
      once
      ? "BODY_SENSORS granted, BODY_SENSORS_BACKGROUND denied; rationale true; a request opens the settings page again, not a dialog"
      : "BODY_SENSORS granted, BODY_SENSORS_BACKGROUND denied for good; rationale false; only the app's settings page can change it"
    state.screen = once ? "background-rationale" : "background-open-settings"
    state.proof =
      once
      ? "BODY_SENSORS_BACKGROUND: granted=false, USER_SET without USER_FIXED, with BODY_SENSORS: granted=true"
      : "BODY_SENSORS_BACKGROUND: granted=false, USER_SET|USER_FIXED, with BODY_SENSORS: granted=true"
    let steps =
      once
      ? ["revoke LINE", "clear-permission-flags LINE user-fixed", "set-permission-flags LINE user-set"]
      : ["revoke LINE", "set-permission-flags LINE user-set user-fixed"]
    state.seed = SeedStep(
      AndroidStates.pm(["grant LINE"], [bodySensors]) + AndroidStates.pm(steps, sensorsBackgroundLines))
    state.wordings = []
    state.sources += ["D:BODYBG", "P:GPVM", "A:PPSFG"]
    state.basis = .codeDerived
    state.note =
      "The request opens the app's Sensors settings page (the dialog has no “All the time”); coming back without a change is the denial, as for background location."
    return state
  }
}
