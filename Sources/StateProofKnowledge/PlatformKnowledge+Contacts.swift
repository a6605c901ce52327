import StateProofModel

extension PlatformKnowledge {
  /// Contacts: Android's READ_CONTACTS; iOS's CNAuthorizationStatus, with limited access from 18.
  static let contacts = PermissionDefinition(
    id: "contacts", title: "Contacts",
    // [D:REQ] READ_CONTACTS, runtime from Android 6; no "Only this time" (camera, microphone and
    // location only).
    android: AndroidReading(
      kind: .single, lines: [AndroidLine("android.permission.READ_CONTACTS", role: "reading contacts")]),
    // [I:CNS] CNContactStore.authorizationStatus(for: .contacts).
    ios: IOSAuthorization(
      resource: "contacts", reads: "CNContactStore.authorizationStatus(for: .contacts)", type: "CNAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "9.0"), .init(".restricted", 1, since: "9.0"),
        .init(".denied", 2, since: "9.0"), .init(".authorized", 3, since: "9.0"), .init(".limited", 4, since: "18.0"),
      ], store: .tcc("kTCCServiceAddressBook")),
    states: [
      AndroidStates.notAsked(contactLines, screens: contactScreens),
      AndroidStates.granted(contactLines, screens: contactScreens),
      AndroidStates.deniedOnce(contactLines, screens: contactScreens),
      AndroidStates.blocked(contactLines, screens: contactScreens),
      AndroidStates.policyDenied(contactLines, screens: contactScreens),
      AndroidStates.policyGranted(contactLines, screens: contactScreens),
      AndroidStates.autoRevoked(contactLines, screens: contactScreens),
      IOSStates.notDetermined(
        reads: ".notDetermined", seed: IOSStates.simctlReset("contacts", resource: "contacts"),
        sources: ["I:CNS", "C:SIMCTL"]),
      IOSStates.authorized(
        reads: ".authorized", screen: "contactList", whatHappened: "allowed full access",
        seed: IOSStates.simctl("grant", "contacts"), sources: ["I:CNS", "C:SIMCTL"]),
      // [I:CNS] .limited, iOS 18; [I:CNUPD] "which appears to your app as the .limited
      // authorization status".
      StateDefinition(
        .ios, "limited", aliases: ["limited", "selected contacts", "some contacts"],
        whatHappened: "allowed access and chose which contacts", appReads: ".limited", screen: "selectedContacts",
        proof: ".limited",
        seed: IOSStates.manual(
          "simctl's contacts-limited service, “Allow access to basic contact info.”, is older than iOS 18 and not known to give .limited.",
          dialog: "choose “Select Contacts…” in the system prompt and pick some"), os: .ios(from: 18),
        reason: "Limited contacts access arrived in iOS 18.", requires: [.screenshot, .test],
        sources: ["I:CNS", "I:CNUPD", "I:CNLIM", "I:CNPICK"],
        note:
          "The person maintains the set in Settings; the app can offer to add to it with ContactAccessButton beside its own search field (one match: the button names the contact and a tap shares it) or the contactAccessPicker modifier, whose handler gets only the identifiers newly shared. The row's test should assert that way to add contacts, and that the app shows only the shared ones; the status stays .limited throughout."
      ),
      IOSStates.denied(reads: ".denied", seed: IOSStates.simctl("revoke", "contacts"), sources: ["I:CNS", "C:SIMCTL"]),
      IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ"]),
      IOSStates.restricted(reads: ".restricted", sources: ["I:CNS"]),
    ],
    facts: [
      .init(
        "Android: READ_CONTACTS, a runtime permission from Android 6 (API 23); contacts have no “Only this time”.",
        sources: ["D:REQ"]),
      .init(
        "iOS: CNAuthorizationStatus notDetermined 0, restricted 1, denied 2, authorized 3, limited 4 (iOS 18).",
        sources: ["I:CNS", "I:CNUPD"]),
    ])

  static let contactLines = ["android.permission.READ_CONTACTS"]
  static let contactScreens = AndroidStates.Screens(granted: "contact-list")
}
