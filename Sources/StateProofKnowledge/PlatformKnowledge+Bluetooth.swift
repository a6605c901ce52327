import StateProofModel

extension PlatformKnowledge {
  /// Bluetooth: Android's nearby-devices permissions from 12 (read from BLUETOOTH_CONNECT);
  /// iOS's CBManagerAuthorization from 13.
  static let bluetooth = PermissionDefinition(
    id: "bluetooth", title: "Bluetooth",
    // [D:BT] BLUETOOTH_SCAN, BLUETOOTH_CONNECT, BLUETOOTH_ADVERTISE from Android 12 (API 31),
    // granted together as "Nearby devices".
    // [A:PFKT] for an app targeting 30 or lower the three are granted implicitly, and the Settings
    // switch revokes their app ops instead: granted=true with REVOKED_COMPAT.
    android: AndroidReading(
      kind: .single,
      lines: [
        AndroidLine("android.permission.BLUETOOTH_CONNECT", role: "talking to paired devices", os: .android(from: 31))
      ],
      legacy: .init(
        below: 31, states: ["denied-legacy": "revoked-in-settings"],
        why:
          "for an app targeting 11 (API 30) or lower the nearby-devices permissions are granted without asking, and granted=true with REVOKED_COMPAT is the user's “Nearby devices” switch turned off in Settings"
      )),
    // [I:CBA] CBManager.authorization (class property, iOS 13.1).
    ios: IOSAuthorization(
      resource: "bluetooth", reads: "CBManager.authorization", type: "CBManagerAuthorization",
      values: [
        .init(".notDetermined", 0, since: "13.0"), .init(".restricted", 1, since: "13.0"),
        .init(".denied", 2, since: "13.0"), .init(".allowedAlways", 3, since: "13.0"),
      ],
      since: .ios(13), store: .tcc("kTCCServiceBluetoothAlways")),
    states: [
      AndroidStates.notAsked(bluetoothLines, screens: bluetoothScreens).targeting(
        .target(from: 31), reason: splitGranted),
      AndroidStates.granted(bluetoothLines, screens: bluetoothScreens),
      AndroidStates.deniedOnce(bluetoothLines, screens: bluetoothScreens).targeting(
        .target(from: 31), reason: splitGranted),
      AndroidStates.blocked(bluetoothLines, screens: bluetoothScreens).targeting(
        .target(from: 31), reason: splitGranted),
      AndroidStates.policyDenied(bluetoothLines, screens: bluetoothScreens),
      AndroidStates.policyGranted(bluetoothLines, screens: bluetoothScreens),
      AndroidStates.autoRevoked(bluetoothLines, screens: bluetoothScreens).targeting(
        .target(from: 31), reason: splitGranted),
      AndroidStates.revokedInSettings(
        bluetoothLines,
        seedLines: [
          "android.permission.BLUETOOTH_SCAN", "android.permission.BLUETOOTH_CONNECT",
          "android.permission.BLUETOOTH_ADVERTISE",
        ],
        setting: "“Nearby devices”", below: 31,
        withheld: "the system withholds what the nearby-devices permissions guard", screens: bluetoothScreens,
        targetReason:
          "Only an app targeting Android 11 (API 30) or lower holds the nearby-devices permissions without asking; from target 31 they are runtime permissions the app asks for, and a refusal reads as any other [D:BT].",
        sources: ["A:PLATXML", "D:BT"]),
    ].map { $0.limited(to: .android(from: 31), reason: beforeAndroid12) }
      + [
        IOSStates.notDetermined(
          reads: ".notDetermined",
          seed: IOSStates.manual(
            "No simctl privacy service for Bluetooth; whether XCUIProtectedResource has a bluetooth case is UNVERIFIED (none was found in Apple's pages read).",
            dialog:
              "in a UI test, \(IOSStates.reset("bluetooth")); or erase the Simulator (xcrun simctl shutdown DEVICE, then xcrun simctl erase DEVICE) and install the app again"
          ),
          sources: ["I:CBA", "I:XPR"]),
        IOSStates.authorized(reads: ".allowedAlways", screen: "deviceList", sources: ["I:CBA"]),
        IOSStates.denied(reads: ".denied", sources: ["I:CBA"]),
        IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ", "I:CBA"]),
        IOSStates.restricted(reads: ".restricted", sources: ["I:CBA"]),
      ].map { $0.limited(to: .ios(from: 13), reason: beforeIOS13) },
    facts: [
      .init(
        "Android 6 to 11: BLUETOOTH and BLUETOOTH_ADMIN are granted at install and scanning needs location; 12: BLUETOOTH_SCAN, BLUETOOTH_CONNECT and BLUETOOTH_ADVERTISE are runtime permissions granted together as “Nearby devices”. StateProof reads BLUETOOTH_CONNECT; an app that only scans sets the permission's \"android\" name to android.permission.BLUETOOTH_SCAN.",
        sources: ["D:BT", "A:PLATXML"]),
      .init(
        "Apps targeting Android 11 (API 30) or lower get the three by split from BLUETOOTH and BLUETOOTH_ADMIN, granted implicitly (IMPLICIT_GRANTED: \"should always be considered granted\"; the line reads granted=true, REVOKE_WHEN_REQUESTED), and the unused-app reset skips them. The user can still turn “Nearby devices” off in Settings: the grant stays and its app op is revoked (APP_OP_REVOKED, printed REVOKED_COMPAT). For those apps granted, the policy rows and revoked-in-settings are reachable.",
        sources: ["A:PLATXML", "A:PFKT", "P:ARP", "D:BT"], .codeDerived),
      .init(
        "BLUETOOTH_SCAN declared with android:usesPermissionFlags=\"neverForLocation\" gives no location: the app's scan results leave out beacons. It is the same line and the same states; an app that only scans sets the permission's \"android\" name to android.permission.BLUETOOTH_SCAN.",
        sources: ["D:BT"]),
      .init(
        "iOS before 13: only the peripheral role (advertising) asked, for “Bluetooth Sharing”: CBPeripheralManager.authorizationStatus() (iOS 7 to 13) with NSBluetoothPeripheralUsageDescription; central-role use went unasked. The rows here read CBManager.authorization, iOS 13 and later.",
        sources: ["I:CBPM", "I:NSBTP"]),
      .init(
        "iOS: CBManagerAuthorization notDetermined 0, restricted 1, denied 2, allowedAlways 3 (iOS 13).",
        sources: ["I:CBA"]),
    ])

  static let beforeAndroid12 =
    "Before Android 12 Bluetooth needs only install-time permissions (BLUETOOTH, BLUETOOTH_ADMIN) and location to scan: there is no Bluetooth prompt."
  static let splitGranted =
    "Apps targeting Android 11 (API 30) or lower get the nearby-devices permissions by split from BLUETOOTH and BLUETOOTH_ADMIN, granted without asking: they are never asked or reset, and the user's refusal is the Settings switch (revoked-in-settings) [A:PFKT, D:BT]."
  static let beforeIOS13 =
    "CBManager.authorization arrived in iOS 13. Before it only the peripheral role asked (“Bluetooth Sharing”, CBPeripheralManager.authorizationStatus() with NSBluetoothPeripheralUsageDescription); central-role use went unasked."
  static let bluetoothLines = ["android.permission.BLUETOOTH_CONNECT"]
  static let bluetoothScreens = AndroidStates.Screens(granted: "device-list")
}
