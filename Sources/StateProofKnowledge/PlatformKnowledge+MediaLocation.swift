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
        AndroidLine(
          "android.permission.ACCESS_MEDIA_LOCATION", role: "locations stored in photos", os: .android(from: 29))
      ]),
    ios: nil,
    states: AndroidStates.common(["android.permission.ACCESS_MEDIA_LOCATION"], screens: .init(granted: "photo-map"))
      .map {
        $0.limited(
          to: .android(from: 29),
          reason:
            "ACCESS_MEDIA_LOCATION arrived in Android 10: before it photos keep their location for every app that reads them."
        )
      },
    facts: [
      .init(
        "Android 10 (API 29) and later: an app needs ACCESS_MEDIA_LOCATION, besides photo access, to read the location in a photo's metadata (MediaStore.setRequireOriginal); without it the location is redacted.",
        sources: ["D:MEDIALOC", "D:PERMREF"]),
      .init(
        "The permission has no dialog of its own: it is granted with the photos and videos group, and Settings shows it there. Whether a user can deny it apart from photos is UNVERIFIED; pm grant and revoke set it alone.",
        sources: ["D:MEDIALOC"], .unverified),
      .init(
        "On Android 14, “Select photos and videos” grants ACCESS_MEDIA_LOCATION with READ_MEDIA_VISUAL_USER_SELECTED for an app that declares the latter (the partial grant set), so a granted line can come from a partial selection: the app reads the location of the picked items only. platform.xml also splits READ_MEDIA_VISUAL_USER_SELECTED from ACCESS_MEDIA_LOCATION.",
        sources: ["P:SGB", "A:PLATXML"], .codeDerived),
      .init(
        "iOS has no separate media-location permission; that photo library access includes each asset's location is UNVERIFIED (the PHAuthorizationStatus page says nothing of location).",
        sources: ["I:PHS"], .unverified),
    ])
}
