import StateProofModel

extension PlatformKnowledge {
  /// Media location: ACCESS_MEDIA_LOCATION (Android 10), which lets the app read the location
  /// stored in photos; Android only (iOS gives it with photo access).
  static let mediaLocation = PermissionDefinition(
    id: "medialocation", title: "Media location",
    // [D:MEDIALOC] ACCESS_MEDIA_LOCATION, a runtime permission from Android 10 (API 29).
    android: AndroidReading(
      kind: .single,
      lines: [
        AndroidLine("android.permission.ACCESS_MEDIA_LOCATION", role: "locations stored in photos", os: .android(from: 29))
      ]),
    ios: nil,
    states: AndroidStates.common(["android.permission.ACCESS_MEDIA_LOCATION"], screens: .init(granted: "photo-map"))
      .map { $0.limited(to: .android(from: 29), reason: "ACCESS_MEDIA_LOCATION arrived in Android 10: before it photos keep their location for every app that reads them.") },
    facts: [
      .init("Android 10 (API 29) and later: an app needs ACCESS_MEDIA_LOCATION, besides photo access, to read the location in a photo's metadata (MediaStore.setRequireOriginal); without it the location is redacted.", sources: ["D:MEDIALOC", "D:PERMREF"]),
      .init("The permission has no dialog of its own: it is granted with the photos and videos group, and Settings shows it there. Whether a user can deny it apart from photos is UNVERIFIED; pm grant and revoke set it alone.", sources: ["D:MEDIALOC"], .unverified),
      .init("iOS has no separate permission: photo access includes each asset's location.", sources: ["I:PHS"]),
    ])

  /// Music and audio: READ_MEDIA_AUDIO (Android 13); READ_EXTERNAL_STORAGE before it.
  static let audio = PermissionDefinition(
    id: "audio", title: "Music and audio",
    // [D:MEDIA13] READ_MEDIA_AUDIO from Android 13 (API 33), split from READ_EXTERNAL_STORAGE
    // for apps targeting below 33 [A:PLATXML].
    android: AndroidReading(
      kind: .single,
      lines: [AndroidLine("android.permission.READ_MEDIA_AUDIO", role: "the user's music and audio", os: .android(from: 33))]),
    ios: nil,
    states: AndroidStates.common(["android.permission.READ_MEDIA_AUDIO"], screens: .init(granted: "music-library"))
      .map { $0.limited(to: .android(from: 33), reason: "READ_MEDIA_AUDIO arrived in Android 13: before it audio files are read with READ_EXTERNAL_STORAGE (give the permission \"android\": \"android.permission.READ_EXTERNAL_STORAGE\" under an id of your own for those versions).") },
    facts: [
      .init("Android 13 (API 33): READ_MEDIA_AUDIO replaces READ_EXTERNAL_STORAGE for audio; apps targeting below 33 get it by split from READ_EXTERNAL_STORAGE. It has no “Only this time” and no partial selection (Android 14's selection is for photos and videos only).", sources: ["D:MEDIA13", "A:PLATXML", "D:PHOTO14"]),
      .init("iOS: the music library (MPMediaLibrary, simctl's media-library service) is no row here.", sources: ["C:SIMCTL"]),
    ])

  /// Nearby Wi-Fi devices: NEARBY_WIFI_DEVICES (Android 13), in the nearby-devices group.
  static let wifi = PermissionDefinition(
    id: "wifi", title: "Nearby Wi-Fi devices",
    // [D:WIFI13] NEARBY_WIFI_DEVICES from Android 13 (API 33) for apps targeting 33; below, the
    // Wi-Fi APIs need location.
    android: AndroidReading(
      kind: .single,
      lines: [AndroidLine("android.permission.NEARBY_WIFI_DEVICES", role: "finding Wi-Fi devices", os: .android(from: 33))]),
    ios: nil,
    states: AndroidStates.common(["android.permission.NEARBY_WIFI_DEVICES"], screens: .init(granted: "wifi-devices"))
      .map {
        $0.limited(to: .android(from: 33), reason: "NEARBY_WIFI_DEVICES arrived in Android 13: before it the Wi-Fi APIs need location permission (the location rows).")
          .targeting(.target(from: 33), reason: "Apps targeting 12L (API 32) or lower use location for the Wi-Fi APIs and never ask for NEARBY_WIFI_DEVICES [D:WIFI13].")
      },
    facts: [
      .init("Android 13 (API 33): NEARBY_WIFI_DEVICES, in the “Nearby devices” group with Bluetooth's permissions, for apps targeting 13; declared with android:usesPermissionFlags=\"neverForLocation\" it gives no location, otherwise some Wi-Fi APIs also need ACCESS_FINE_LOCATION.", sources: ["D:WIFI13", "D:BT"]),
      .init("Upcoming: ACCESS_LOCAL_NETWORK joins the nearby-devices group; no row here yet.", sources: ["A:UPGRADE"], .codeDerived),
    ])

  /// Body sensors: BODY_SENSORS (heart rate and the like); Android 16's READ_HEART_RATE for
  /// apps targeting 36.
  static let sensors = PermissionDefinition(
    id: "sensors", title: "Body sensors",
    // [D:PERMREF] BODY_SENSORS, runtime from Android 6; [D:HEALTH16] replaced by
    // android.permission.health.READ_HEART_RATE for apps targeting Android 16 (API 36).
    android: AndroidReading(
      kind: .single, lines: [AndroidLine("android.permission.BODY_SENSORS", role: "heart rate and other body sensors")]),
    ios: nil,
    states: AndroidStates.common(["android.permission.BODY_SENSORS"], screens: .init(granted: "heart-rate"), sensor: true),
    facts: [
      .init("BODY_SENSORS is a runtime permission from Android 6 (API 23); from Android 11 it has no “Only this time”.", sources: ["D:PERMREF", "D:REQ"]),
      .init("Android 16 (API 36): apps targeting 36 ask for android.permission.health.READ_HEART_RATE (and the other health permissions) instead; AOSP keeps BODY_SENSORS and READ_HEART_RATE in step and revokes both when either is denied. For such an app give the permission \"android\": \"android.permission.health.READ_HEART_RATE\".", sources: ["D:HEALTH16", "A:UPGRADE"], .codeDerived),
      .init("From Android 12 only a fully managed device's owner may grant it by policy.", sources: ["D:DPMSENS"]),
    ])

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
