import StateProofModel

extension PlatformKnowledge {
  /// Calendars: Android's READ_CALENDAR; iOS's EventKit events, with full and write-only access
  /// from iOS 17.
  static let calendar = PermissionDefinition(
    id: "calendar", title: "Calendars",
    // [D:REQ] READ_CALENDAR, a runtime permission from Android 6.
    android: AndroidReading(
      kind: .single, lines: [AndroidLine("android.permission.READ_CALENDAR", role: "reading events")]),
    // [I:EKS] EKEventStore.authorizationStatus(for: .event); fullAccess and writeOnly, iOS 17.
    ios: IOSAuthorization(
      resource: "calendar", reads: "EKEventStore.authorizationStatus(for: .event)", type: "EKAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "6.0"), .init(".restricted", 1, since: "6.0"),
        .init(".denied", 2, since: "6.0"),
        .init(".fullAccess", 3, since: "17.0"), .init(".writeOnly", 4, since: "17.0"),
      ], store: .tcc("kTCCServiceCalendar")),
    states: AndroidStates.common(["android.permission.READ_CALENDAR"], screens: .init(granted: "calendar-events"))
      + [
        IOSStates.notDetermined(
          reads: ".notDetermined", seed: IOSStates.simctlReset("calendar", resource: "calendar"),
          sources: ["I:EKS", "C:SIMCTL", "I:XPR"]),
        IOSStates.authorized(
          reads: ".fullAccess (.authorized before iOS 17, the same raw value 3)", screen: "calendarEvents",
          whatHappened: "allowed full access", seed: IOSStates.simctl("grant", "calendar"),
          sources: ["I:EKS", "I:EKREQ", "C:SIMCTL"]),
        // [I:EKREQ] requestWriteOnlyAccessToEvents: the app adds events without reading any.
        StateDefinition(
          .ios, "write-only", aliases: ["write only", "add only", "add events"],
          whatHappened: "allowed the app to add events only",
          appReads: ".writeOnly: the app can add events but reads none",
          screen: "addEventOnly", proof: ".writeOnly",
          seed: IOSStates.manual(
            "Which access simctl's calendar service gives is UNVERIFIED.",
            dialog: "the app calls requestWriteOnlyAccessToEvents(); tap “Allow” in the system prompt"),
          os: .ios(from: 17),
          reason: "Write-only calendar access arrived in iOS 17: before it access is all or nothing.",
          requires: [.screenshot, .test], sources: ["I:EKS", "I:EKREQ"]),
        IOSStates.denied(
          reads: ".denied", seed: IOSStates.simctl("revoke", "calendar"), sources: ["I:EKS", "C:SIMCTL"]),
        IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ", "I:EKREQ"]),
        IOSStates.restricted(reads: ".restricted", sources: ["I:EKS"]),
      ],
    facts: [
      .init(
        "Android: READ_CALENDAR (and WRITE_CALENDAR, the same “Calendar” group) are runtime permissions from Android 6; no “Only this time”.",
        sources: ["D:REQ", "D:PERMREF"]),
      .init(
        "iOS 17: EKAuthorizationStatus adds fullAccess 3 (authorized is deprecated, same value) and writeOnly 4; an app built for 17 asks with requestFullAccessToEvents() or requestWriteOnlyAccessToEvents() and needs NSCalendarsFullAccessUsageDescription or NSCalendarsWriteOnlyAccessUsageDescription.",
        sources: ["I:EKS", "I:EKREQ"]),
      .init(
        "An app that asks for write-only access can later ask for full access once: the upgrade prompt shows once, like location's Always (UNVERIFIED).",
        sources: ["I:EKREQ"], .unverified),
      .init(
        "An app built with Xcode 14 or earlier (linked against an SDK before iOS 17) that runs on iOS 17 may not be able to fetch events even where the user granted full access on an earlier OS (UNVERIFIED: TN3153's words on such apps were not reached; its overview says only what the new access levels allow). Its status reads .authorized, raw 3, the same value as .fullAccess, so StateProof's full-access rows cannot tell it apart: for such a build the row's test must assert what the app can do (fetch events), not the status. Which prompt such an app gets is in TN3153's own table, not modelled here.",
        sources: ["I:TN3153", "I:EKS"]),
    ])
}
