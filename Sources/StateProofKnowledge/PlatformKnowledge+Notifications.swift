import StateProofModel

extension PlatformKnowledge {
  /// Notifications: Android's POST_NOTIFICATIONS from 13; iOS's UNAuthorizationStatus, which has
  /// provisional and ephemeral but no restricted.
  static let notifications = PermissionDefinition(
    id: "notifications", title: "Notifications",
    // [D:NOTIF] POST_NOTIFICATIONS, a runtime permission from Android 13 (API 33).
    // [A:PMSI] REVIEW_REQUIRED marks a prompt the system has not shown yet; [P:NGB] for an app
    // targeting 12L or lower the system prompts only while the line carries no USER_SET.
    android: AndroidReading(
      kind: .single,
      lines: [
        AndroidLine("android.permission.POST_NOTIFICATIONS", role: "posting notifications", os: .android(from: 33))
      ],
      reviewIsNotAsked: true,
      legacy: .init(
        below: 33, states: ["denied-once": "blocked"],
        why:
          "for an app targeting 12L (API 32) or lower, POST_NOTIFICATIONS with USER_SET (one “Don't allow”, or notifications turned off in Settings) is final: the system never shows its prompt again and the app cannot ask"
      )),
    // [I:UNS] UNUserNotificationCenter settings' authorizationStatus.
    ios: IOSAuthorization(
      resource: "notifications", reads: "UNUserNotificationCenter.current().notificationSettings().authorizationStatus",
      type: "UNAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "10.0"), .init(".denied", 1, since: "10.0"),
        .init(".authorized", 2, since: "10.0"), .init(".provisional", 3, since: "12.0"),
        .init(".ephemeral", 4, since: "14.0"),
      ], store: .bulletinBoard),
    states: [
      {
        var notAsked = AndroidStates.notAsked(
          notificationLines, screens: notificationScreens,
          appReads: "Denied; areNotificationsEnabled() false; rationale false; a request shows the system dialog")
        // [A:PMSI] NOTIFICATION_PERMISSIONS: REVIEW_REQUIRED until the prompt is answered.
        notAsked.proof =
          "POST_NOTIFICATIONS: granted=false, without USER_SET, USER_FIXED, POLICY_FIXED or ONE_TIME; apps targeting 12L (API 32) or lower read REVIEW_REQUIRED as well until the system's prompt is answered, and so do apps targeting 13 updated to it until their first launch"
        notAsked.sources += ["A:PMSI", "D:NOTIF"]
        notAsked.note =
          "An app targeting 12L or lower never asks: the system shows the prompt once, when the app creates its first notification channel or starts an activity, and until then the line reads REVIEW_REQUIRED. Whether its notifications are delivered meanwhile is UNVERIFIED: AOSP's comment on the flag says the app may post until the prompt is answered, while the developer page says notifications are off by default for an app installed on 13; the areNotificationsEnabled() false above is what an app targeting 13 reads. Seed that state with pm revoke PKG android.permission.POST_NOTIFICATIONS && pm clear-permission-flags PKG android.permission.POST_NOTIFICATIONS user-set user-fixed && pm set-permission-flags PKG android.permission.POST_NOTIFICATIONS review-required. pm cannot clear ONE_TIME or AUTO_REVOKED: reinstall the app when a line carries them."
        return notAsked
      }(),
      AndroidStates.granted(
        notificationLines, screens: notificationScreens, appReads: "Granted; notifications are shown"),
      {
        // [A:PHNOTIF] the Settings switch writes USER_SET and clears USER_FIXED [A:NMST]: the
        // denied-once shape, from which the app can ask again.
        var deniedOnce = AndroidStates.deniedOnce(
          notificationLines, screens: notificationScreens,
          note:
            "Turning notifications off in the app's Settings page writes the same line (USER_SET, USER_FIXED cleared), so the app can ask again. For apps targeting 12L or earlier a USER_SET line is final, and StateProof reads it as blocked for an app it knows targets 32 or lower (platforms.android.targetSdk, or the read-back's targetSdk=)."
        )
        // Only the Android 12-and-later wording (the pm seed) overlaps 13 and survives limited(to:).
        deniedOnce.whatHappened = "denied once, or turned notifications off in Settings"
        deniedOnce.sources += ["A:PHNOTIF", "A:NMST"]
        return deniedOnce.targeting(.target(from: 33), reason: systemPrompt)
      }(),
      {
        var blocked = AndroidStates.blocked(
          notificationLines, screens: notificationScreens,
          note:
            "For apps targeting 12L or earlier the system asks once, and one “Don't allow” is final: it writes USER_SET alone (the dialog's first denial) and the system never prompts again while USER_SET is there [P:NGB]; turning notifications off in Settings writes the same line. StateProof reads that line as blocked for an app it knows targets 32 or lower, as denied-once otherwise."
        )
        blocked.whatHappened = "denied twice"
        blocked.sources += ["P:NGB"]
        return blocked
      }(),
      AndroidStates.policyDenied(notificationLines, screens: notificationScreens),
      AndroidStates.policyGranted(notificationLines, screens: notificationScreens),
      // [D:NOTIF] "the system automatically pre-grants … eligible apps" on the upgrade to 13;
      // [S:NOTIFMIG] the flags the migration writes depend on the device's configuration.
      StateDefinition(
        .android, "pre-granted", aliases: ["pre granted", "pregranted", "upgraded", "os upgrade", "migrated"],
        whatHappened:
          "nothing: the app had notifications on before the device was upgraded to Android 13, and the upgrade granted them",
        appReads: "Granted; areNotificationsEnabled() true; no prompt was ever shown",
        screen: notificationScreens.granted,
        proof:
          "POST_NOTIFICATIONS: granted=true after the OS upgrade; the flags the migration sets (USER_SET for every app or only for those the user changed, REVIEW_REQUIRED) depend on the device (UNVERIFIED), so the line alone cannot tell it from granted",
        seed: .manual(
          "install the app on Android 12L or earlier, let it create a notification channel (notifications not turned off), then upgrade the device to Android 13",
          prose: "No adb command. The app's debug launch argument only mimics it."),
        requires: [.screenshot, .test], sources: ["D:NOTIF", "S:NOTIFMIG"], basis: .unverified,
        note:
          "A read-back of this state reads granted, so only the test and its screenshot prove this row; a granted read-back never proves it.",
        settle:
          "dumpsys package captures of POST_NOTIFICATIONS before and after an upgrade from 12L to 13 on the release devices' build"
      ),
    ].map { $0.limited(to: .android(from: 33), reason: beforeAndroid13) }
      + [
        IOSStates.notDetermined(
          reads: ".notDetermined",
          seed: IOSStates.manual(
            "No simctl privacy service and no resetAuthorizationStatus resource covers notifications, and a reinstall may keep the answer (UNVERIFIED: Apple's old TN2265 said a reinstall within a day does).",
            dialog:
              "erase the Simulator (xcrun simctl shutdown DEVICE, then xcrun simctl erase DEVICE) or the device, and install the app again"
          ),
          sources: ["I:UNS", "I:XPR"]),
        IOSStates.authorized(
          reads: ".authorized", screen: "notificationsOn", sources: ["I:UNS"]),
        // [I:UNS] .provisional: "provisionally authorized to post noninterruptive user notifications", iOS 12.
        StateDefinition(
          .ios, "provisional", aliases: ["provisional", "quiet notifications", "deliver quietly"],
          whatHappened: "nothing: the app asked with the .provisional option, so no prompt appeared",
          appReads: ".provisional: notifications arrive quietly in Notification Center", screen: "quietNotifications",
          proof: ".provisional",
          seed: .manual(
            "the app calls requestAuthorization(options: [.provisional]) (no prompt appears)",
            prose: "No simctl privacy service sets it. \(IOSStates.byHand)"),
          os: .ios(from: 12), reason: "Provisional authorization arrived in iOS 12.", requires: [.screenshot, .test],
          sources: ["I:UNS", "I:UNASK"],
          note:
            "Whether a later request without .provisional still shows the prompt is from secondary sources (UNVERIFIED)."
        ),
        IOSStates.denied(reads: ".denied", sources: ["I:UNS", "I:UNASK"]),
        // [I:UNS] .ephemeral: "An App Clip may have the ability to schedule or receive notifications
        // for a limited amount of time."
        StateDefinition(
          .ios, "ephemeral", aliases: ["ephemeral", "app clip"], whatHappened: "nothing: an App Clip was launched",
          appReads: ".ephemeral", screen: "none", proof: ".ephemeral", seed: SeedStep(), reachable: false,
          reason: "Only App Clips are authorized .ephemeral: an ordinary app never reads it.", requires: [],
          sources: ["I:UNS"]),
        IOSStates.deniedTwice(
          reason:
            "After “Don't Allow” iOS never asks again. An app that is provisional may still ask once (UNVERIFIED), but a refusal there reads .denied: there is no second denial.",
          sources: ["I:UNASK", "I:UNS"], basis: .unverified),
      ],
    facts: [
      .init(
        "Before Android 13 notifications are no runtime permission: they are on from install unless the user turns them off in Settings, and dumpsys has no line for them.",
        sources: ["D:NOTIF"]),
      .init(
        "On Android 13 and later POST_NOTIFICATIONS is implicit for apps targeting 12L or earlier: the line is there although the app never declared it, and the system, not the app, shows the prompt once.",
        sources: ["A:COMPAT", "P:NGB", "D:NOTIF"]),
      .init(
        "The unused-app reset never revokes POST_NOTIFICATIONS (AUTO_REVOKE_EXEMPT_PERMISSIONS), so notifications have no auto-revoked row.",
        sources: ["P:ARP"], .codeDerived),
      .init(
        "Who shows the prompt depends on the app's target SDK: targeting 13 (API 33) or higher, the app asks and a first “Don't allow” can be asked again (denied-once); targeting 12L or lower, the system asks once when the app creates its first channel or starts an activity, and one “Don't allow” is final; dismissing the dialog changes nothing.",
        sources: ["D:NOTIF"]),
      .init(
        "On the upgrade to Android 13 the system pre-grants POST_NOTIFICATIONS to eligible installed apps (a notification channel, notifications not turned off): the pre-granted row.",
        sources: ["D:NOTIF", "S:NOTIFMIG"]),
      .init(
        "POST_NOTIFICATIONS carries REVIEW_REQUIRED, with the permission denied, for apps targeting 12L or lower until the user answers the system's prompt, and for apps targeting 13 after an OS upgrade or a pre-13 backup until their first launch: StateProof reads such a line as not-asked, not as a legacy app's review.",
        sources: ["A:PMSI"], .codeDerived),
      .init(
        "Turning notifications off on the app's Settings page revokes POST_NOTIFICATIONS and writes USER_SET, clearing USER_FIXED: the denied-once line, from which an app targeting 13 can ask again. Turning them on grants it with USER_SET.",
        sources: ["A:PHNOTIF", "A:NMST"], .codeDerived),
      .init(
        "An app updated from a target of 12L or lower to 13 or higher: a refusal made in the system's prompt (USER_SET) can be asked again after the update (“until … you update your app to target 13”), so the same line reads blocked before the update and denied-once after it; StateProof decides by the target it knows.",
        sources: ["D:NOTIF", "P:NGB"]),
      .init(
        "iOS: UNAuthorizationStatus notDetermined 0, denied 1, authorized 2, provisional 3 (iOS 12), ephemeral 4 (iOS 14); there is no restricted case, so notifications have no restricted row.",
        sources: ["I:UNS"]),
    ])

  static let beforeAndroid13 =
    "Before Android 13 notifications are no runtime permission: they are allowed at install and only Settings turns them off, so there is no prompt to test and no dumpsys line."
  static let systemPrompt =
    "Apps targeting 12L (API 32) or lower never ask themselves: the system asks once, and one “Don't allow” is final [D:NOTIF]."
  static let notificationLines = ["android.permission.POST_NOTIFICATIONS"]
  static let notificationScreens = AndroidStates.Screens(granted: "notifications-on")
}
