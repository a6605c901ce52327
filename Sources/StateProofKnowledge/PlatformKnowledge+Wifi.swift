import StateProofModel

extension PlatformKnowledge {
  /// Nearby Wi-Fi devices: NEARBY_WIFI_DEVICES (Android 13), in the nearby-devices group.
  /// Why the wifi rows need target 33, and what is not known of lower targets [D:WIFI13].
  static let belowTarget33 =
    "Apps targeting 12L (API 32) or lower use location for the Wi-Fi APIs [D:WIFI13]; that such an app never asks for NEARBY_WIFI_DEVICES is UNVERIFIED (the page requires it from target 33 and says nothing of an app below declaring it): give these rows \"targetSdk\" in the configuration for one that does."

  static let wifi = PermissionDefinition(
    id: "wifi", title: "Nearby Wi-Fi devices",
    // [D:WIFI13] NEARBY_WIFI_DEVICES from Android 13 (API 33) for apps targeting 33; below, the
    // Wi-Fi APIs need location.
    android: AndroidReading(
      kind: .single,
      lines: [
        AndroidLine("android.permission.NEARBY_WIFI_DEVICES", role: "finding Wi-Fi devices", os: .android(from: 33))
      ]),
    ios: nil,
    states: AndroidStates.common(["android.permission.NEARBY_WIFI_DEVICES"], screens: .init(granted: "wifi-devices"))
      .map {
        $0.limited(
          to: .android(from: 33),
          reason:
            "NEARBY_WIFI_DEVICES arrived in Android 13: before it the Wi-Fi APIs need location permission (the location rows)."
        )
        .targeting(.target(from: 33), reason: belowTarget33)
      },
    facts: [
      .init(
        "Android 13 (API 33): NEARBY_WIFI_DEVICES, in the “Nearby devices” group with Bluetooth's permissions, for apps targeting 13; declared with android:usesPermissionFlags=\"neverForLocation\" it gives no location, otherwise some Wi-Fi APIs also need ACCESS_FINE_LOCATION.",
        sources: ["D:WIFI13", "D:BT"]),
      .init(
        "Local network (Android): Android 16 has only an opt-in (adb shell am compat enable RESTRICT_LOCAL_NETWORK PKG, then a reboot) under which NEARBY_WIFI_DEVICES grants local-network access; ACCESS_LOCAL_NETWORK is API 37, enforced from Android 17 for apps targeting 37, blocked by default and in the nearby-devices group. StateProof has no row for it: give it as a custom permission with \"android\": \"android.permission.ACCESS_LOCAL_NETWORK\" to check its lines.",
        sources: ["D:LOCALNET", "A:UPGRADE"]),
    ])
}
