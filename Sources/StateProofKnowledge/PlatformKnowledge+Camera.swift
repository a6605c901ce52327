import StateProofModel

extension PlatformKnowledge {
  /// Camera: Android's CAMERA line and its privacy switch; iOS's AVAuthorizationStatus for video.
  static let camera = PermissionDefinition(
    id: "camera", title: "Camera",
    // [D:REQ] CAMERA is a runtime permission from Android 6; [D:TOGGLE] the switch from 12.
    android: AndroidReading(
      kind: .single, lines: [AndroidLine("android.permission.CAMERA", role: "camera access")], sensor: .camera),
    // [I:AVS] AVCaptureDevice.authorizationStatus(for: .video); values from the .NET binding pages.
    ios: IOSAuthorization(
      resource: "camera", reads: "AVCaptureDevice.authorizationStatus(for: .video)", type: "AVAuthorizationStatus",
      values: avValues, store: .tcc("kTCCServiceCamera", sources: ["C:SIMCAM", "T:AUTOMOBILE"])),
    states: [
      AndroidStates.notAsked(cameraLines, screens: cameraScreens),
      AndroidStates.granted(cameraLines, screens: cameraScreens),
      AndroidStates.deniedOnce(cameraLines, screens: cameraScreens),
      AndroidStates.blocked(cameraLines, screens: cameraScreens),
      AndroidStates.policyDenied(cameraLines, screens: cameraScreens),
      AndroidStates.policyGranted(cameraLines, screens: cameraScreens, sensor: true),
      AndroidStates.oneTime(cameraLines, screens: cameraScreens),
      AndroidStates.autoRevoked(cameraLines, screens: cameraScreens),
      AndroidStates.sensorOff(cameraLines[0], sensor: .camera, feed: "every frame is black"),
      // [C:SIMCAM] simctl's camera service works though `simctl help privacy` does not list it.
      IOSStates.notDetermined(
        reads: ".notDetermined", seed: simctlCameraSeed("reset"),
        sources: ["I:AVS", "I:XPR", "C:SIMCAM"]
      ).noting(simctlCamera),
      IOSStates.authorized(
        reads: ".authorized", screen: "capture", seed: simctlCameraSeed("grant"), sources: ["I:AVS", "C:SIMCAM"]
      ).noting(simctlCamera),
      IOSStates.denied(reads: ".denied", seed: simctlCameraSeed("revoke"), sources: ["I:AVS", "C:SIMCAM"])
        .noting(simctlCamera),
      IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ"]),
      IOSStates.restricted(reads: ".restricted", sources: ["I:AVS"]),
    ],
    facts: [
      .init(
        "Android: CAMERA is a runtime permission from Android 6 (API 23); “Only this time” from 11; the Quick Settings camera switch from 12.",
        sources: ["D:REQ", "D:TOGGLE"]),
      .init(
        "With the camera switch off, CAMERA stays granted=true and dumpsys package shows nothing; only dumpsys sensor_privacy does.",
        sources: ["D:TOGGLE", "A:SPS", "A:PST"], .codeDerived),
      .init(
        "Device-aware permissions (Android 15): CAMERA and RECORD_AUDIO keep a state per device in a policy and store of their own (DevicePermissionPolicy), so a virtual device's camera grant (a companion or streamed device) is kept apart from the default device's, whose line the system's own calls name (Context.DEVICE_ID_DEFAULT). What dumpsys package prints for another device is UNVERIFIED: StateProof reads the default device's lines only, so a test of a virtual device's camera is proven by its test and screenshot, never by a read-back.",
        sources: ["A:DPP", "A:PHNOTIF"], .codeDerived),
      .init(
        "iOS: AVAuthorizationStatus (iOS 7): notDetermined 0, restricted 1, denied 2, authorized 3.", sources: ["I:AVS"]
      ),
    ])

  /// `xcrun simctl privacy DEVICE ACTION camera BUNDLE`: a service simctl's help leaves out [C:SIMCAM].
  static func simctlCameraSeed(_ action: String) -> SeedStep {
    let unlisted = "An unlisted service: see the note."
    return action == "reset"
      ? IOSStates.simctlReset("camera", resource: "camera", prose: unlisted)
      : IOSStates.simctl(action, "camera", prose: unlisted)
  }

  /// Why the camera's simctl seeds carry a caveat [C:SIMCAM].
  static let simctlCamera =
    "xcrun simctl privacy's camera service is not in xcrun simctl help privacy, yet it works: resetting it was confirmed with Apple's Simulator team (2021), and grant and revoke write the Simulator's camera authorization (a 2026 check). Check it on the release Xcode; resetAuthorizationStatus(for: .camera) is the documented way back to not-determined."
  static let cameraLines = ["android.permission.CAMERA"]
  static let cameraScreens = AndroidStates.Screens(granted: "viewfinder")

  /// [I:AVS] AVAuthorizationStatus, iOS 7.0 (raw values from Microsoft's .NET binding reference).
  static let avValues: [IOSAuthorization.Value] = [
    .init(".notDetermined", 0, since: "7.0"), .init(".restricted", 1, since: "7.0"),
    .init(".denied", 2, since: "7.0"), .init(".authorized", 3, since: "7.0"),
  ]
}
