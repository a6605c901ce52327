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
          note: "For apps targeting 12L or earlier one “Don't allow” is final: there is no denied-once for them."
        ).targeting(.target(from: 33), reason: systemPrompt),
        {
          var blocked = AndroidStates.blocked(
            notificationLines, screens: notificationScreens,
            note:
              "For apps targeting 12L or earlier the system asks once, and one “Don't allow” is final; that line may read USER_SET only (UNVERIFIED), which StateProof reads as denied-once.")
          blocked.whatHappened = "denied twice, or turned notifications off in Settings"
          blocked.wordings = []
          blocked.settle = "a dumpsys package capture of an app targeting 12L or earlier after one “Don't allow” on Android 13 or later"
          return blocked
        }(),
        AndroidStates.policyDenied(notificationLines, screens: notificationScreens),
        AndroidStates.policyGranted(notificationLines, screens: notificationScreens),
        // [D:NOTIF] "the system automatically pre-grants … eligible apps" on the upgrade to 13;
        // [S:NOTIFMIG] the flags the migration writes depend on the device's configuration.
        StateDefinition(
          .android, "pre-granted", aliases: ["pre granted", "pregranted", "upgraded", "os upgrade", "migrated"],
          whatHappened: "nothing: the app had notifications on before the device was upgraded to Android 13, and the upgrade granted them",
          appReads: "Granted; areNotificationsEnabled() true; no prompt was ever shown",
          screen: notificationScreens.granted,
          proof:
            "POST_NOTIFICATIONS: granted=true after the OS upgrade; the flags the migration sets (USER_SET for every app or only for those the user changed, REVIEW_REQUIRED) depend on the device (UNVERIFIED), so the line alone cannot tell it from granted",
          seed:
            "no adb command: manual or via the debug launch argument (which only mimics it); for the real state install the app on Android 12L or earlier, let it create a notification channel (notifications not turned off), then upgrade the device to Android 13",
          requires: [.screenshot, .test], sources: ["D:NOTIF", "S:NOTIFMIG"], verification: .unverified,
          note:
            "A read-back of this state reads granted, so only the test and its screenshot prove this row; a granted read-back never proves it.",
          settle: "dumpsys package captures of POST_NOTIFICATIONS before and after an upgrade from 12L to 13 on the release devices' build"),
    ].map { $0.limited(to: .android(from: 33), reason: beforeAndroid13) }
      + [
      IOSStates.notDetermined(
        reads: ".notDetermined",
        seed: "erase the Simulator (xcrun simctl erase) or the device; no simctl privacy service and no resetAuthorizationStatus resource covers notifications, and a reinstall may keep the answer (UNVERIFIED: Apple's old TN2265 said a reinstall within a day does)",
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
      .init("The unused-app reset never revokes POST_NOTIFICATIONS (AUTO_REVOKE_EXEMPT_PERMISSIONS), so notifications have no auto-revoked row.", sources: ["P:ARP"], .codeDerived),
      .init("Who shows the prompt depends on the app's target SDK: targeting 13 (API 33) or higher, the app asks and a first “Don't allow” can be asked again (denied-once); targeting 12L or lower, the system asks once when the app creates its first channel or starts an activity, and one “Don't allow” is final; dismissing the dialog changes nothing.", sources: ["D:NOTIF"]),
      .init("On the upgrade to Android 13 the system pre-grants POST_NOTIFICATIONS to eligible installed apps (a notification channel, notifications not turned off): the pre-granted row.", sources: ["D:NOTIF", "S:NOTIFMIG"]),
      .init("iOS: UNAuthorizationStatus notDetermined 0, denied 1, authorized 2, provisional 3 (iOS 12), ephemeral 4 (iOS 14); there is no restricted case, so notifications have no restricted row.", sources: ["I:UNS"]),
    ])

  static let beforeAndroid13 =
    "Before Android 13 notifications are no runtime permission: they are allowed at install and only Settings turns them off, so there is no prompt to test and no dumpsys line."
  static let systemPrompt =
    "Apps targeting 12L (API 32) or lower never ask themselves: the system asks once, and one “Don't allow” is final [D:NOTIF]."
  static let notificationLines = ["android.permission.POST_NOTIFICATIONS"]
  static let notificationScreens = AndroidStates.Screens(granted: "notifications-on")
}
