import StateProofModel

extension PlatformKnowledge {
  /// What declares each built-in permission in an app's own files: Android `<uses-permission>`
  /// names ([D:PERMREF]), iOS `Info.plist` keys [I:PROTRES].
  package static let declarations: [String: PermissionDeclarations] = [
    "camera": .init(
      android: ["android.permission.CAMERA"], ios: ["NSCameraUsageDescription"], sources: ["D:PERMREF", "I:PROTRES"]),
    "microphone": .init(
      android: ["android.permission.RECORD_AUDIO"], ios: ["NSMicrophoneUsageDescription"],
      sources: ["D:PERMREF", "I:PROTRES"]),
    "location": .init(
      android: [fineLocation, coarseLocation],
      ios: [
        "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
        "NSLocationAlwaysUsageDescription",
      ], sources: ["D:LOC", "I:CLREQ"]),
    "photos": .init(
      android: [readMediaImages, readMediaVideo, readMediaUserSelected, readExternalStorage],
      ios: ["NSPhotoLibraryUsageDescription"], sources: ["D:PHOTO14", "I:PROTRES"]),
    "notifications": .init(android: ["android.permission.POST_NOTIFICATIONS"], sources: ["D:NOTIF", "I:UNASK"]),
    "contacts": .init(
      android: ["android.permission.READ_CONTACTS", "android.permission.WRITE_CONTACTS"],
      ios: ["NSContactsUsageDescription"], sources: ["D:PERMREF", "I:PROTRES"]),
    "bluetooth": .init(
      android: [
        "android.permission.BLUETOOTH_CONNECT", "android.permission.BLUETOOTH_SCAN",
        "android.permission.BLUETOOTH_ADVERTISE",
      ],
      ios: ["NSBluetoothAlwaysUsageDescription", "NSBluetoothPeripheralUsageDescription"],
      sources: ["D:BT", "I:PROTRES", "I:NSBTP"]),
    "medialocation": .init(android: ["android.permission.ACCESS_MEDIA_LOCATION"], sources: ["D:PERMREF"]),
    "audio": .init(android: ["android.permission.READ_MEDIA_AUDIO"], sources: ["D:PERMREF"]),
    "wifi": .init(android: ["android.permission.NEARBY_WIFI_DEVICES"], sources: ["D:PERMREF"]),
    "sensors": .init(android: ["android.permission.BODY_SENSORS"], sources: ["D:PERMREF"]),
    "sensorsbackground": .init(android: ["android.permission.BODY_SENSORS_BACKGROUND"], sources: ["D:BODYBG"]),
    "motion": .init(
      android: ["android.permission.ACTIVITY_RECOGNITION"], ios: ["NSMotionUsageDescription"],
      sources: ["D:PERMREF", "I:PROTRES"]),
    "tracking": .init(ios: ["NSUserTrackingUsageDescription"], sources: ["I:PROTRES"]),
    "calendar": .init(
      android: ["android.permission.READ_CALENDAR", "android.permission.WRITE_CALENDAR"],
      ios: [
        "NSCalendarsFullAccessUsageDescription", "NSCalendarsWriteOnlyAccessUsageDescription",
        "NSCalendarsUsageDescription",
      ], sources: ["D:PERMREF", "I:EKREQ"]),
    "reminders": .init(
      ios: ["NSRemindersFullAccessUsageDescription", "NSRemindersUsageDescription"], sources: ["I:EKREQ"]),
  ]

  /// platform.xml's split permissions that add a built-in permission's line [A:PLATXML], and
  /// POST_NOTIFICATIONS, which every app targeting 12L or lower has [A:COMPAT].
  package static let splitPermissions: [SplitPermission] = [
    .init(fineLocation, backgroundLocation, belowTarget: 29),
    .init(coarseLocation, backgroundLocation, belowTarget: 29),
    .init(readExternalStorage, "android.permission.ACCESS_MEDIA_LOCATION", belowTarget: 29),
    .init("android.permission.WRITE_EXTERNAL_STORAGE", "android.permission.ACCESS_MEDIA_LOCATION", belowTarget: 29),
    .init("android.permission.WRITE_EXTERNAL_STORAGE", readExternalStorage, belowTarget: nil),
    .init("android.permission.BLUETOOTH", "android.permission.BLUETOOTH_CONNECT", belowTarget: 31),
    .init("android.permission.BLUETOOTH", "android.permission.BLUETOOTH_SCAN", belowTarget: 31),
    .init("android.permission.BLUETOOTH_ADMIN", "android.permission.BLUETOOTH_CONNECT", belowTarget: 31),
    .init("android.permission.BLUETOOTH_ADMIN", "android.permission.BLUETOOTH_SCAN", belowTarget: 31),
    .init("android.permission.BODY_SENSORS", "android.permission.BODY_SENSORS_BACKGROUND", belowTarget: 33),
    .init(readExternalStorage, "android.permission.READ_MEDIA_AUDIO", belowTarget: 33),
    .init(readExternalStorage, readMediaImages, belowTarget: 33),
    .init(readExternalStorage, readMediaVideo, belowTarget: 33),
    .init(readMediaImages, readMediaUserSelected, belowTarget: nil),
    .init(readMediaVideo, readMediaUserSelected, belowTarget: nil),
    .init(
      "com.google.android.gms.permission.ACTIVITY_RECOGNITION", "android.permission.ACTIVITY_RECOGNITION",
      belowTarget: 29, sources: ["D:ACTREC"]),
  ]

  /// Apps targeting 12L or lower hold POST_NOTIFICATIONS without declaring it [A:COMPAT].
  package static let implicitBelowTarget: [(name: String, belowTarget: Int)] = [
    ("android.permission.POST_NOTIFICATIONS", 33)
  ]

  /// Android's other runtime (dangerous) permissions, which no built-in permission models:
  /// declaring one needs a permission of the configuration's own, or an exclusion [D:PERMREF: “Protection level: dangerous”].
  package static let otherRuntimePermissions: [String: String] = [
    "android.permission.READ_PHONE_STATE": "phone state and identity",
    "android.permission.READ_PHONE_NUMBERS": "the device's phone numbers",
    "android.permission.CALL_PHONE": "placing calls",
    "android.permission.ANSWER_PHONE_CALLS": "answering calls",
    "android.permission.READ_CALL_LOG": "the call log",
    "android.permission.WRITE_CALL_LOG": "writing the call log",
    "com.android.voicemail.permission.ADD_VOICEMAIL": "adding voicemail",
    "android.permission.USE_SIP": "SIP calls",
    "android.permission.PROCESS_OUTGOING_CALLS": "outgoing calls",
    "android.permission.ACCEPT_HANDOVER": "continuing a call from another app",
    "android.permission.SEND_SMS": "sending SMS",
    "android.permission.RECEIVE_SMS": "receiving SMS",
    "android.permission.READ_SMS": "reading SMS",
    "android.permission.RECEIVE_WAP_PUSH": "WAP push messages",
    "android.permission.RECEIVE_MMS": "receiving MMS",
    "android.permission.GET_ACCOUNTS": "the accounts on the device",
    "android.permission.WRITE_EXTERNAL_STORAGE": "writing shared storage",
    "android.permission.UWB_RANGING": "ultra-wideband ranging",
  ]

  /// `Info.plist` privacy keys no built-in permission models: declaring one needs a permission
  /// of the configuration's own, or an exclusion (an SDK's purpose string the app never uses is
  /// the common case) [I:PROTRES].
  package static let otherPrivacyKeys: [String: String] = [
    "NSPhotoLibraryAddUsageDescription": "adding to the photo library",
    "NSFaceIDUsageDescription": "Face ID",
    "NSSpeechRecognitionUsageDescription": "speech recognition",
    "NSAppleMusicUsageDescription": "the media library",
    "NSHealthShareUsageDescription": "reading Health data",
    "NSHealthUpdateUsageDescription": "writing Health data",
    "NSHomeKitUsageDescription": "HomeKit",
    "NSLocalNetworkUsageDescription": "the local network",
    "NSSiriUsageDescription": "Siri",
    "NSNearbyInteractionUsageDescription": "Nearby Interaction",
    "NSFocusStatusUsageDescription": "Focus status",
    "NSSensorKitUsageDescription": "SensorKit",
    "NFCReaderUsageDescription": "NFC reading",
    "NSIdentityUsageDescription": "identity documents",
    "NSFallDetectionUsageDescription": "fall detection",
    "NSGKFriendListUsageDescription": "the Game Center friends list",
  ]

  /// Rows an app's declarations decide.
  package static let declarationRules: [DeclarationRule] = [
    DeclarationRule(
      .android, "location", ["background", "background-denied", "background-blocked"], needs: [backgroundLocation],
      why: "The app does not request ACCESS_BACKGROUND_LOCATION, so it never has location in the background.",
      sources: ["D:BGLOC", "A:PLATXML"]),
    DeclarationRule(
      .android, "location", ["precise"], needs: [fineLocation],
      why: "The app requests ACCESS_COARSE_LOCATION without ACCESS_FINE_LOCATION: it never gets precise location.",
      sources: ["D:LOC"]),
    DeclarationRule(
      .android, "location", ["approximate"], needs: [coarseLocation], lacking: [fineLocation], effect: .everyVersionIf,
      why:
        "The app requests ACCESS_COARSE_LOCATION without ACCESS_FINE_LOCATION: approximate is its granted state on every version.",
      sources: ["D:LOC"]),
    DeclarationRule(
      .android, "photos", ["partial"], needs: [readMediaUserSelected], explicitOnly: true,
      why:
        "The app does not declare READ_MEDIA_VISUAL_USER_SELECTED, so its users never choose “Select photos” as its own partial access.",
      sources: ["D:PHOTO14"]),
    DeclarationRule(
      .android, "photos", ["partial-compat"], lacking: [readMediaUserSelected], explicitOnly: true,
      why:
        "The app declares READ_MEDIA_VISUAL_USER_SELECTED, so selected photos are its own partial access, never the compatibility mode.",
      sources: ["D:PHOTO14"]),
    DeclarationRule(
      .ios, "location", ["always", "provisional-always"],
      needs: ["NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription"],
      why:
        "The app's Info.plist has no NSLocationAlwaysAndWhenInUseUsageDescription: iOS never grants it Always, only While Using.",
      sources: ["I:CLREQ", "I:CLALW"]),
    DeclarationRule(
      .ios, "calendar", ["write-only"], needs: ["NSCalendarsWriteOnlyAccessUsageDescription"],
      why:
        "The app's Info.plist has no NSCalendarsWriteOnlyAccessUsageDescription: it cannot ask for write-only access.",
      sources: ["I:EKREQ"]),
  ]

  /// The built-in permissions whose declarations include `name` on `platform`.
  package static func permissions(declaredBy name: String, on platform: Platform) -> [String] {
    declarations.keys.sorted().filter { declarations[$0]!.names(on: platform).contains(name) }
  }
}
