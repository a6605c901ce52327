import StateProofModel

extension PlatformKnowledge {
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
      .init("Local network (Android): ACCESS_LOCAL_NETWORK joins the nearby-devices group, with enforcement decided by the app's target SDK; StateProof has no row for it yet: give it as a custom permission with \"android\": \"android.permission.ACCESS_LOCAL_NETWORK\" to check its lines.", sources: ["A:UPGRADE"], .codeDerived),
    ])
}
