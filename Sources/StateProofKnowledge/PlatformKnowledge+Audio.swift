import StateProofModel

extension PlatformKnowledge {
  /// Music and audio: READ_MEDIA_AUDIO (Android 13); READ_EXTERNAL_STORAGE before it.
  static let audio = PermissionDefinition(
    id: "audio", title: "Music and audio",
    // [D:MEDIA13] READ_MEDIA_AUDIO from Android 13 (API 33), split from READ_EXTERNAL_STORAGE
    // for apps targeting below 33 [A:PLATXML].
    android: AndroidReading(
      kind: .single,
      lines: [
        AndroidLine("android.permission.READ_MEDIA_AUDIO", role: "the user's music and audio", os: .android(from: 33))
      ]),
    ios: nil,
    states: AndroidStates.common(["android.permission.READ_MEDIA_AUDIO"], screens: .init(granted: "music-library"))
      .map {
        $0.limited(
          to: .android(from: 33),
          reason:
            "READ_MEDIA_AUDIO arrived in Android 13: before it audio files are read with READ_EXTERNAL_STORAGE (give the permission \"android\": \"android.permission.READ_EXTERNAL_STORAGE\" under an id of your own for those versions)."
        )
      },
    facts: [
      .init(
        "Android 13 (API 33): READ_MEDIA_AUDIO replaces READ_EXTERNAL_STORAGE for audio; apps targeting below 33 get it by split from READ_EXTERNAL_STORAGE. It has no “Only this time” and no partial selection (Android 14's selection is for photos and videos only).",
        sources: ["D:MEDIA13", "A:PLATXML", "D:PHOTO14"]),
      .init(
        "iOS: the music library (MPMediaLibrary, simctl's media-library service) is no row here.", sources: ["C:SIMCTL"]
      ),
    ])
}
