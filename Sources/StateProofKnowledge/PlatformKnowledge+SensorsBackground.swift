import StateProofModel

extension PlatformKnowledge {
  /// Body sensors in the background: BODY_SENSORS_BACKGROUND (Android 13); Android 16's
  /// READ_HEALTH_DATA_IN_BACKGROUND for apps targeting 36.
  static let sensorsBackground = PermissionDefinition(
    id: "sensorsbackground", title: "Body sensors in the background",
    // [D:BODY13] BODY_SENSORS_BACKGROUND from Android 13 (API 33), asked after BODY_SENSORS.
    android: AndroidReading(
      kind: .single,
      lines: [
        AndroidLine(
          "android.permission.BODY_SENSORS_BACKGROUND", role: "body sensors while the app is in the background",
          os: .android(from: 33))
      ]),
    ios: nil,
    states: AndroidStates.common(
      ["android.permission.BODY_SENSORS_BACKGROUND"], screens: .init(granted: "heart-rate-background"), sensor: true
    ).map {
      $0.limited(to: .android(from: 33), reason: "BODY_SENSORS_BACKGROUND arrived in Android 13: before it BODY_SENSORS covers the background too.")
        .targeting(.target(from: 33), reason: "Apps targeting 12L (API 32) or lower read body sensors in the background with BODY_SENSORS alone [D:BODY13].")
    },
    facts: [
      .init("Android 13 (API 33): BODY_SENSORS_BACKGROUND, granted only after BODY_SENSORS; like background location, the system asks for it apart.", sources: ["D:BODY13"]),
      .init("Android 16 (API 36): apps targeting 36 ask for android.permission.health.READ_HEALTH_DATA_IN_BACKGROUND instead; give it as the permission's \"android\" name.", sources: ["D:HEALTH16", "A:UPGRADE"], .codeDerived),
    ])
}
