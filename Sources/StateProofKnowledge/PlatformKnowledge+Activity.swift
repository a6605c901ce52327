import StateProofModel

extension PlatformKnowledge {
  /// Motion and physical activity: Android's ACTIVITY_RECOGNITION (Android 10), iOS's Core
  /// Motion authorization.
  static let motion = PermissionDefinition(
    id: "motion", title: "Motion and activity",
    // [D:ACTREC] ACTIVITY_RECOGNITION, a runtime permission from Android 10 (API 29).
    android: AndroidReading(
      kind: .single,
      lines: [AndroidLine("android.permission.ACTIVITY_RECOGNITION", role: "physical activity", os: .android(from: 29))]),
    // [I:CMS] CMMotionActivityManager.authorizationStatus(), iOS 11.
    ios: IOSAuthorization(
      resource: "motion", reads: "CMMotionActivityManager.authorizationStatus()", type: "CMAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "11.0"), .init(".restricted", 1, since: "11.0"),
        .init(".denied", 2, since: "11.0"), .init(".authorized", 3, since: "11.0"),
      ],
      since: .ios(11)),
    // [P:ARP] ACTIVITY_RECOGNITION is exempt from the unused-app reset: no auto-revoked row.
    states: AndroidStates.common(
      ["android.permission.ACTIVITY_RECOGNITION"], screens: .init(granted: "activity-on"), sensor: true, autoRevoked: false
    ).map {
      $0.limited(to: .android(from: 29), reason: "ACTIVITY_RECOGNITION arrived in Android 10: before it activity recognition needs no runtime permission.")
    }
      + [
        IOSStates.notDetermined(
          reads: ".notDetermined", seed: IOSStates.simctl("reset", "motion"), sources: ["I:CMS", "C:SIMCTL"]),
        IOSStates.authorized(
          reads: ".authorized", screen: "activityOn", seed: IOSStates.simctl("grant", "motion"), sources: ["I:CMS", "C:SIMCTL"]),
        IOSStates.denied(reads: ".denied", seed: IOSStates.simctl("revoke", "motion"), sources: ["I:CMS", "C:SIMCTL"]),
        IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ", "I:CMS"]),
        IOSStates.restricted(reads: ".restricted", sources: ["I:CMS"]),
      ].map { $0.limited(to: .ios(from: 11), reason: "CMMotionActivityManager.authorizationStatus() arrived in iOS 11.") },
    facts: [
      .init("Android 10 (API 29): ACTIVITY_RECOGNITION is a runtime permission; apps targeting 9 or lower get it from the Play services permission com.google.android.gms.permission.ACTIVITY_RECOGNITION.", sources: ["D:ACTREC"]),
      .init("The unused-app reset never revokes ACTIVITY_RECOGNITION (AUTO_REVOKE_EXEMPT_PERMISSIONS), so it has no auto-revoked row; from Android 12 only a fully managed device's owner may grant it by policy.", sources: ["P:ARP", "D:DPMSENS"], .codeDerived),
      .init("iOS: CMAuthorizationStatus notDetermined 0, restricted 1, denied 2, authorized 3 (iOS 11); simctl's motion service seeds it on the Simulator.", sources: ["I:CMS", "C:SIMCTL"]),
    ])

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
      since: .ios(14)),
    states: [
      IOSStates.notDetermined(
        reads: ".notDetermined", seed: IOSStates.reset("userTracking") + " (no simctl privacy service for tracking)",
        sources: ["I:ATT", "I:XPR"]),
      IOSStates.authorized(reads: ".authorized", screen: "personalizedAds", seed: IOSStates.manual, sources: ["I:ATT", "I:ATTREQ"]),
      {
        var denied = IOSStates.denied(reads: ".denied", seed: IOSStates.manual, sources: ["I:ATT", "I:ATTREQ"])
        denied.note = "With Settings' “Allow Apps to Request to Track” off, the app reads .denied without any prompt."
        return denied
      }(),
      IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:ATTREQ"]),
      IOSStates.restricted(reads: ".restricted", sources: ["I:ATT"]),
    ].map { $0.limited(to: .ios(from: 14), reason: "App Tracking Transparency arrived in iOS 14.") },
    facts: [
      .init("iOS 14: ATTrackingManager.AuthorizationStatus notDetermined 0, restricted 1, denied 2, authorized 3; the prompt shows once, from requestTrackingAuthorization(completionHandler:) while the app is active, and needs NSUserTrackingUsageDescription.", sources: ["I:ATT", "I:ATTREQ"]),
      .init("Android has no runtime permission for tracking (AD_ID is an install-time permission): no Android rows.", sources: ["D:PERMREF"]),
    ])

  /// Calendars: Android's READ_CALENDAR; iOS's EventKit events, with full and write-only access
  /// from iOS 17.
  static let calendar = PermissionDefinition(
    id: "calendar", title: "Calendars",
    // [D:REQ] READ_CALENDAR, a runtime permission from Android 6.
    android: AndroidReading(kind: .single, lines: [AndroidLine("android.permission.READ_CALENDAR", role: "reading events")]),
    // [I:EKS] EKEventStore.authorizationStatus(for: .event); fullAccess and writeOnly, iOS 17.
    ios: IOSAuthorization(
      resource: "calendar", reads: "EKEventStore.authorizationStatus(for: .event)", type: "EKAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "6.0"), .init(".restricted", 1, since: "6.0"), .init(".denied", 2, since: "6.0"),
        .init(".fullAccess", 3, since: "17.0"), .init(".writeOnly", 4, since: "17.0"),
      ]),
    states: AndroidStates.common(["android.permission.READ_CALENDAR"], screens: .init(granted: "calendar-events"))
      + [
        IOSStates.notDetermined(
          reads: ".notDetermined", seed: IOSStates.simctl("reset", "calendar") + ", or " + IOSStates.reset("calendar"),
          sources: ["I:EKS", "C:SIMCTL", "I:XPR"]),
        IOSStates.authorized(
          reads: ".fullAccess (.authorized before iOS 17, the same raw value 3)", screen: "calendarEvents",
          whatHappened: "allowed full access", seed: IOSStates.simctl("grant", "calendar"), sources: ["I:EKS", "I:EKREQ", "C:SIMCTL"]),
        // [I:EKREQ] requestWriteOnlyAccessToEvents: the app adds events without reading any.
        StateDefinition(
          .ios, "write-only", aliases: ["write only", "add only", "add events"],
          whatHappened: "allowed the app to add events only", appReads: ".writeOnly: the app can add events but reads none",
          screen: "addEventOnly", proof: ".writeOnly",
          seed: "\(IOSStates.manual) (the app calls requestWriteOnlyAccessToEvents; which access simctl's calendar service gives is UNVERIFIED)",
          os: .ios(from: 17), reason: "Write-only calendar access arrived in iOS 17: before it access is all or nothing.",
          requires: [.screenshot, .test], sources: ["I:EKS", "I:EKREQ"]),
        IOSStates.denied(reads: ".denied", seed: IOSStates.simctl("revoke", "calendar"), sources: ["I:EKS", "C:SIMCTL"]),
        IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ", "I:EKREQ"]),
        IOSStates.restricted(reads: ".restricted", sources: ["I:EKS"]),
      ],
    facts: [
      .init("Android: READ_CALENDAR (and WRITE_CALENDAR, the same “Calendar” group) are runtime permissions from Android 6; no “Only this time”.", sources: ["D:REQ", "D:PERMREF"]),
      .init("iOS 17: EKAuthorizationStatus adds fullAccess 3 (authorized is deprecated, same value) and writeOnly 4; an app built for 17 asks with requestFullAccessToEvents() or requestWriteOnlyAccessToEvents() and needs NSCalendarsFullAccessUsageDescription or NSCalendarsWriteOnlyAccessUsageDescription.", sources: ["I:EKS", "I:EKREQ"]),
      .init("An app that asks for write-only access can later ask for full access once: the upgrade prompt shows once, like location's Always (UNVERIFIED).", sources: ["I:EKREQ"], .unverified),
    ])

  /// Reminders: iOS's EventKit reminders, full access only (no write-only).
  static let reminders = PermissionDefinition(
    id: "reminders", title: "Reminders",
    android: nil,
    // [I:EKS] EKEventStore.authorizationStatus(for: .reminder).
    ios: IOSAuthorization(
      resource: "reminders", reads: "EKEventStore.authorizationStatus(for: .reminder)", type: "EKAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "6.0"), .init(".restricted", 1, since: "6.0"), .init(".denied", 2, since: "6.0"),
        .init(".fullAccess", 3, since: "17.0"),
      ]),
    states: [
      IOSStates.notDetermined(
        reads: ".notDetermined", seed: IOSStates.simctl("reset", "reminders") + ", or " + IOSStates.reset("reminders"),
        sources: ["I:EKS", "C:SIMCTL", "I:XPR"]),
      IOSStates.authorized(
        reads: ".fullAccess (.authorized before iOS 17, the same raw value 3)", screen: "reminderList",
        whatHappened: "allowed access", seed: IOSStates.simctl("grant", "reminders"), sources: ["I:EKS", "I:EKREQ", "C:SIMCTL"]),
      IOSStates.denied(reads: ".denied", seed: IOSStates.simctl("revoke", "reminders"), sources: ["I:EKS", "C:SIMCTL"]),
      IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ", "I:EKREQ"]),
      IOSStates.restricted(reads: ".restricted", sources: ["I:EKS"]),
    ],
    facts: [
      .init("iOS 17: reminders have full access only (requestFullAccessToReminders(), NSRemindersFullAccessUsageDescription); there is no write-only access for reminders.", sources: ["I:EKS", "I:EKREQ"]),
      .init("Android has no reminders permission: no Android rows.", sources: ["D:PERMREF"]),
    ])
}
