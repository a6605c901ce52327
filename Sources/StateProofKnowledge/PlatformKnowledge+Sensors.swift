import StateProofModel

extension PlatformKnowledge {
  /// Body sensors: BODY_SENSORS (heart rate and the like); Android 16's READ_HEART_RATE for
  /// apps targeting 36.
  static let sensors = PermissionDefinition(
    id: "sensors", title: "Body sensors",
    // [D:PERMREF] BODY_SENSORS, runtime from Android 6; [D:HEALTH16] replaced by
    // android.permission.health.READ_HEART_RATE for apps targeting Android 16 (API 36).
    android: AndroidReading(
      kind: .single, lines: [AndroidLine("android.permission.BODY_SENSORS", role: "heart rate and other body sensors")]),
    ios: nil,
    states: AndroidStates.common(
      ["android.permission.BODY_SENSORS"], screens: .init(granted: "heart-rate"), sensor: true),
    facts: [
      .init(
        "BODY_SENSORS is a runtime permission from Android 6 (API 23); from Android 11 it has no “Only this time”.",
        sources: ["D:PERMREF", "D:REQ"]),
      .init(
        "Android 16 (API 36): apps targeting 36 ask for android.permission.health.READ_HEART_RATE (and the other health permissions) instead; AOSP keeps BODY_SENSORS and READ_HEART_RATE in step and revokes both when either is denied. For such an app give the permission \"android\": \"android.permission.health.READ_HEART_RATE\".",
        sources: ["D:HEALTH16", "A:UPGRADE"], .codeDerived),
      .init("From Android 12 only a fully managed device's owner may grant it by policy.", sources: ["D:DPMSENS"]),
    ])
}
