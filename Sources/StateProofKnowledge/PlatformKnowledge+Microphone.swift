import StateProofModel

extension PlatformKnowledge {
  /// Microphone: Android's RECORD_AUDIO line and its privacy switch; iOS's AVAuthorizationStatus
  /// for audio.
  static let microphone = PermissionDefinition(
    id: "microphone", title: "Microphone",
    // [D:REQ] RECORD_AUDIO; [D:TOGGLE] the microphone switch from 12 (silent audio).
    android: AndroidReading(
      kind: .single, lines: [AndroidLine("android.permission.RECORD_AUDIO", role: "microphone access")],
      sensor: .microphone),
    // [I:AVS] AVCaptureDevice.authorizationStatus(for: .audio).
    ios: IOSAuthorization(
      resource: "microphone", reads: "AVCaptureDevice.authorizationStatus(for: .audio)",
      type: "AVAuthorizationStatus", values: avValues, store: .tcc("kTCCServiceMicrophone")),
    states: [
      AndroidStates.notAsked(microphoneLines, screens: microphoneScreens),
      AndroidStates.granted(microphoneLines, screens: microphoneScreens),
      AndroidStates.deniedOnce(microphoneLines, screens: microphoneScreens),
      AndroidStates.blocked(microphoneLines, screens: microphoneScreens),
      AndroidStates.policyDenied(microphoneLines, screens: microphoneScreens),
      AndroidStates.policyGranted(microphoneLines, screens: microphoneScreens, sensor: true),
      AndroidStates.oneTime(microphoneLines, screens: microphoneScreens),
      AndroidStates.autoRevoked(microphoneLines, screens: microphoneScreens),
      AndroidStates.sensorOff(microphoneLines[0], sensor: .microphone, feed: "the audio is silent"),
      // [C:SIMCTL] `microphone` is a simctl privacy service.
      IOSStates.notDetermined(
        reads: ".notDetermined",
        seed: IOSStates.simctlReset("microphone", resource: "microphone"),
        sources: ["I:AVS", "C:SIMCTL"]),
      IOSStates.authorized(
        reads: ".authorized", screen: "record", seed: IOSStates.simctl("grant", "microphone"),
        sources: ["I:AVS", "C:SIMCTL"]),
      IOSStates.denied(
        reads: ".denied", seed: IOSStates.simctl("revoke", "microphone"), sources: ["I:AVS", "C:SIMCTL"]),
      IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ"]),
      IOSStates.restricted(reads: ".restricted", sources: ["I:AVS"]),
    ],
    facts: [
      .init(
        "Android: RECORD_AUDIO is a runtime permission from Android 6 (API 23); “Only this time” from 11; the Quick Settings microphone switch from 12, which the system turns back on for an emergency call.",
        sources: ["D:REQ", "D:TOGGLE"]),
      .init(
        "Device-aware permissions apply to RECORD_AUDIO as to CAMERA (DEVICE_AWARE_PERMISSIONS): a virtual device's grant is kept apart from the default device's line StateProof reads; what dumpsys package prints of it is UNVERIFIED.",
        sources: ["A:DPP", "A:PHNOTIF"], .codeDerived),
      .init(
        "iOS: the same AVAuthorizationStatus as the camera, for .audio; AVAudioApplication.recordPermission (iOS 17) has no restricted case.",
        sources: ["I:AVS"]),
    ])

  static let microphoneLines = ["android.permission.RECORD_AUDIO"]
  static let microphoneScreens = AndroidStates.Screens(granted: "recorder")
}
