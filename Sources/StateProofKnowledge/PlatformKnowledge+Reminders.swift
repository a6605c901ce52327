import StateProofModel

extension PlatformKnowledge {
  /// Reminders: iOS's EventKit reminders, full access only (no write-only).
  static let reminders = PermissionDefinition(
    id: "reminders", title: "Reminders",
    android: nil,
    // [I:EKS] EKEventStore.authorizationStatus(for: .reminder).
    ios: IOSAuthorization(
      resource: "reminders", reads: "EKEventStore.authorizationStatus(for: .reminder)", type: "EKAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "6.0"), .init(".restricted", 1, since: "6.0"),
        .init(".denied", 2, since: "6.0"),
        .init(".fullAccess", 3, since: "17.0"),
      ], store: .tcc("kTCCServiceReminders")),
    states: [
      IOSStates.notDetermined(
        reads: ".notDetermined", seed: IOSStates.simctlReset("reminders", resource: "reminders"),
        sources: ["I:EKS", "C:SIMCTL", "I:XPR"]),
      IOSStates.authorized(
        reads: ".fullAccess (.authorized before iOS 17, the same raw value 3)", screen: "reminderList",
        whatHappened: "allowed access", seed: IOSStates.simctl("grant", "reminders"),
        sources: ["I:EKS", "I:EKREQ", "C:SIMCTL"]),
      IOSStates.denied(
        reads: ".denied", seed: IOSStates.simctl("revoke", "reminders"), sources: ["I:EKS", "C:SIMCTL"]),
      IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ", "I:EKREQ"]),
      IOSStates.restricted(reads: ".restricted", sources: ["I:EKS"]),
    ],
    facts: [
      .init(
        "iOS 17: reminders have full access only (requestFullAccessToReminders(), NSRemindersFullAccessUsageDescription); there is no write-only access for reminders.",
        sources: ["I:EKS", "I:EKREQ"]),
      .init("Android has no reminders permission: no Android rows.", sources: ["D:PERMREF"]),
    ])
}
