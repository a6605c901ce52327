import StateProofModel

extension PlatformKnowledge {
  /// Notifications: Android's POST_NOTIFICATIONS from 13; iOS's UNAuthorizationStatus, which has
  /// provisional and ephemeral but no restricted.
  static let notifications = PermissionDefinition(
    id: "notifications", title: "Notifications",
    // [D:NOTIF] POST_NOTIFICATIONS, a runtime permission from Android 13 (API 33).
    android: AndroidReading(
      kind: .single,
      lines: [AndroidLine("android.permission.POST_NOTIFICATIONS", role: "posting notifications", os: .android(from: 33))]),
    // [I:UNS] UNUserNotificationCenter settings' authorizationStatus.
    ios: IOSAuthorization(
      resource: "notifications", reads: "UNUserNotificationCenter.current().notificationSettings().authorizationStatus",
      type: "UNAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "10.0"), .init(".denied", 1, since: "10.0"),
        .init(".authorized", 2, since: "10.0"), .init(".provisional", 3, since: "12.0"),
        .init(".ephemeral", 4, since: "14.0"),
      ]),
    states: [
        AndroidStates.notAsked(
          notificationLines, screens: notificationScreens,
          appReads: "Denied; areNotificationsEnabled() false; rationale false; a request shows the system dialog"),
        AndroidStates.granted(notificationLines, screens: notificationScreens, appReads: "Granted; notifications are shown"),
        AndroidStates.deniedOnce(
          notificationLines, screens: notificationScreens,
          note: "Only for apps targeting Android 13 and later; for older targets one “Don't allow” is final."),
        AndroidStates.blocked(
          notificationLines, screens: notificationScreens,
          note:
            "For apps targeting 12L or earlier the system asks once, and one “Don't allow” is final; that line may read USER_SET only (UNVERIFIED), which StateProof reads as denied-once."
        ),
        AndroidStates.policyDenied(notificationLines, screens: notificationScreens),
        AndroidStates.policyGranted(notificationLines, screens: notificationScreens),
    ].map { $0.limited(to: .android(from: 33), reason: beforeAndroid13) }
      + [
      IOSStates.notDetermined(
        reads: ".notDetermined",
        seed: "reinstall the app or erase the Simulator (xcrun simctl erase); no simctl privacy service and no resetAuthorizationStatus resource covers notifications",
        sources: ["I:UNS", "I:XPR"]),
      IOSStates.authorized(reads: ".authorized", screen: "notificationsOn", seed: IOSStates.manual, sources: ["I:UNS"]),
      // [I:UNS] .provisional: "provisionally authorized to post noninterruptive user notifications", iOS 12.
      StateDefinition(
        .ios, "provisional", aliases: ["provisional", "quiet notifications", "deliver quietly"],
        whatHappened: "nothing: the app asked with the .provisional option, so no prompt appeared",
        appReads: ".provisional: notifications arrive quietly in Notification Center", screen: "quietNotifications",
        proof: ".provisional",
        seed: "requestAuthorization(options: [.provisional]) in the app (no prompt appears), or the debug launch argument",
        os: .ios(from: 12), reason: "Provisional authorization arrived in iOS 12.", requires: [.screenshot, .test],
        sources: ["I:UNS", "I:UNASK"],
        note: "Whether a later request without .provisional still shows the prompt is from secondary sources (UNVERIFIED)."),
      IOSStates.denied(reads: ".denied", seed: IOSStates.manual, sources: ["I:UNS", "I:UNASK"]),
      // [I:UNS] .ephemeral: "An App Clip may have the ability to schedule or receive notifications
      // for a limited amount of time."
      StateDefinition(
        .ios, "ephemeral", aliases: ["ephemeral", "app clip"], whatHappened: "nothing: an App Clip was launched",
        appReads: ".ephemeral", screen: "none", proof: ".ephemeral", seed: "none", reachable: false,
        reason: "Only App Clips are authorized .ephemeral: an ordinary app never reads it.", requires: [],
        sources: ["I:UNS"]),
      IOSStates.deniedTwice(
        reason:
          "After “Don't Allow” iOS never asks again. An app that is provisional may still ask once (UNVERIFIED), but a refusal there reads .denied: there is no second denial.",
        sources: ["I:UNASK", "I:UNS"], verification: .unverified),
      ],
    facts: [
      .init("Before Android 13 notifications are no runtime permission: they are on from install unless the user turns them off in Settings, and dumpsys has no line for them.", sources: ["D:NOTIF"]),
      .init("On Android 13 and later POST_NOTIFICATIONS is implicit for apps targeting 12L or earlier: the line is there although the app never declared it, and the system, not the app, shows the prompt once.", sources: ["A:COMPAT", "P:NGB", "D:NOTIF"]),
      .init("Whether Android resets POST_NOTIFICATIONS for unused apps is UNVERIFIED, so notifications have no auto-revoked row.", sources: ["D:HIB"], .unverified),
      .init("iOS: UNAuthorizationStatus notDetermined 0, denied 1, authorized 2, provisional 3 (iOS 12), ephemeral 4 (iOS 14); there is no restricted case, so notifications have no restricted row.", sources: ["I:UNS"]),
    ])

  static let beforeAndroid13 =
    "Before Android 13 notifications are no runtime permission: they are allowed at install and only Settings turns them off, so there is no prompt to test and no dumpsys line."
  static let notificationLines = ["android.permission.POST_NOTIFICATIONS"]
  static let notificationScreens = AndroidStates.Screens(granted: "notifications-on")
}
