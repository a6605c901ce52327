import StateProofModel

extension PlatformKnowledge {
  /// App Tracking Transparency: iOS only (Android has no prompt for the advertising id).
  static let tracking = PermissionDefinition(
    id: "tracking", title: "App Tracking Transparency",
    android: nil,
    // [I:ATT] ATTrackingManager.trackingAuthorizationStatus, iOS 14.
    ios: IOSAuthorization(
      resource: "userTracking", reads: "ATTrackingManager.trackingAuthorizationStatus",
      type: "ATTrackingManager.AuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "14.0"), .init(".restricted", 1, since: "14.0"),
        .init(".denied", 2, since: "14.0"), .init(".authorized", 3, since: "14.0"),
      ],
      since: .ios(14), store: .tcc("kTCCServiceUserTracking")),
    states: [
      // [I:ATTREQ] the system asks again only after the app is uninstalled and reinstalled.
      IOSStates.notDetermined(
        reads: ".notDetermined",
        seed: IOSStates.manual(
          "No simctl privacy service for tracking.",
          dialog:
            "in a UI test, \(IOSStates.reset("userTracking")) (iOS 15 and later); or uninstall and reinstall the app: only a reinstall makes the system ask again"
        ),
        sources: ["I:ATT", "I:XPR", "I:ATTREQ"]),
      IOSStates.authorized(reads: ".authorized", screen: "personalizedAds", sources: ["I:ATT", "I:ATTREQ"]),
      // [I:ATTAUTH] the “Allow Apps to Request to Track” switch takes tracking back from every app.
      IOSStates.denied(reads: ".denied", sources: ["I:ATT", "I:ATTREQ", "I:ATTAUTH"]).noting(
        "Turning Settings' “Allow Apps to Request to Track” off takes the permission back (“End users can revoke permission at any time through the Allow Apps to Request to Track privacy setting”); that the app then reads .denied, and that a request with the switch off shows no prompt, is UNVERIFIED. Uninstalling and reinstalling the app clears the answer."
      ),
      IOSStates.deniedTwice(
        reason:
          "The system remembers the answer and asks again only after the app is uninstalled and reinstalled; until then only Settings changes it, so there is no second denial: .denied covers it.",
        sources: ["I:ATTREQ"]),
      IOSStates.restricted(reads: ".restricted", sources: ["I:ATT"]),
    ].map { $0.limited(to: .ios(from: 14), reason: "App Tracking Transparency arrived in iOS 14.") },
    facts: [
      .init(
        "iOS 14: ATTrackingManager.AuthorizationStatus notDetermined 0, restricted 1, denied 2, authorized 3; the prompt shows once, from requestTrackingAuthorization(completionHandler:) while the app is active, and needs NSUserTrackingUsageDescription.",
        sources: ["I:ATT", "I:ATTREQ"]),
      .init(
        "Android has no runtime permission for tracking (AD_ID is an install-time permission): no Android rows.",
        sources: ["D:PERMREF"]),
    ])
}
