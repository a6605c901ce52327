import StateProofModel

extension PlatformKnowledge {
  /// Location: Android reads fine, coarse and background together; iOS reads
  /// CLAuthorizationStatus and, from iOS 14, CLAccuracyAuthorization.
  static let location = PermissionDefinition(
    id: "location", title: "Location",
    android: AndroidReading(
      kind: .location,
      lines: [
        // [D:LOC] FINE and COARSE are asked together; the user picks the accuracy from 12.
        AndroidLine(fineLocation, role: "precise location"),
        AndroidLine(coarseLocation, role: "approximate location"),
        // [D:REQ] ACCESS_BACKGROUND_LOCATION from Android 10; [D:BGLOC] asked separately.
        AndroidLine(backgroundLocation, role: "location in the background", os: .android(from: 29)),
      ]),
    // [I:CLS] CLAuthorizationStatus; [I:CLACC] CLAccuracyAuthorization.
    ios: IOSAuthorization(
      resource: "location", reads: "CLLocationManager.authorizationStatus and .accuracyAuthorization",
      type: "CLAuthorizationStatus, CLAccuracyAuthorization",
      values: [
        .init(".notDetermined", 0, since: "2.0"), .init(".restricted", 1, since: "2.0"),
        .init(".denied", 2, since: "2.0"), .init(".authorizedAlways", 3, since: "8.0"),
        .init(".authorizedWhenInUse", 4, since: "8.0"), .init(".fullAccuracy", 0, since: "14.0"),
        .init(".reducedAccuracy", 1, since: "14.0"),
      ], store: .locationd),
    states: [
      AndroidStates.notAsked(
        foregroundLocation, screens: locationScreens,
        appReads:
          "Denied; rationale false (for ACCESS_BACKGROUND_LOCATION on apps targeting 11 and later, true even before asking); a request shows the system dialog"
      ),
      // [D:LOC] "Precise" → ACCESS_FINE_LOCATION and ACCESS_COARSE_LOCATION; [P:KUACC] a dialog
      // choice marks the line with 524288 (SELECTED_LOCATION_ACCURACY), which pm cannot set.
      StateDefinition(
        .android, "precise", aliases: ["precise", "fine location", "granted", "allowed"],
        whatHappened: "allowed location with “Precise” on (Android 12 and later; before, there is no choice)",
        appReads: "ACCESS_FINE_LOCATION and ACCESS_COARSE_LOCATION granted: exact positions", screen: "map-precise",
        proof: "ACCESS_FINE_LOCATION: granted=true and ACCESS_COARSE_LOCATION: granted=true",
        seed: SeedStep(AndroidStates.pm(["grant LINE"], foregroundLocation)), requires: [.seed, .screenshot, .test],
        sources: ["D:LOC", "P:KUACC"],
        wordings: [
          StateWording(os: .android(from: 31), whatHappened: "allowed location with “Precise” on"),
          StateWording(os: .android(below: 31), whatHappened: "allowed location"),
        ]),
      // [D:LOC] "Approximate" → ACCESS_COARSE_LOCATION only, from Android 12 (API 31).
      StateDefinition(
        .android, "approximate", aliases: ["approximate", "coarse location", "reduced accuracy"],
        whatHappened: "allowed location with “Precise” off (Approximate)",
        appReads: "ACCESS_COARSE_LOCATION granted, ACCESS_FINE_LOCATION denied: positions to about a city block",
        screen: "map-approximate",
        proof: "ACCESS_FINE_LOCATION: granted=false and ACCESS_COARSE_LOCATION: granted=true",
        seed: SeedStep(
          AndroidStates.pm(["grant LINE"], [coarseLocation]) + AndroidStates.pm(["revoke LINE"], [fineLocation])),
        os: .android(from: 31),
        reason:
          "Before Android 12 the dialog offers no accuracy choice: an app asking for fine location gets it or nothing.",
        requires: [.seed, .screenshot, .test], sources: ["D:LOC", "P:KUACC"],
        note:
          "Which USER_* flags the fine line carries after the user picks Approximate is UNVERIFIED; StateProof reads only granted=. An app that declares only ACCESS_COARSE_LOCATION is approximate on every version: give the row \"android\": \">=6\" (a wider range needs no reason). Its read-back has no ACCESS_FINE_LOCATION line, so StateProof reads its state from the coarse line alone when the read-back is the app's whole package block (which lists every permission the app requests), never from a headerless line that may have been cut down. From Android 12 the user can also change the accuracy in Settings, whatever the target SDK."
      ),
      // [D:REQ] background access is its own permission from Android 10; [D:BGLOC] "Allow all the
      // time" in the 10 dialog, a settings page from 11; [P:GPVM] sendDirectlyToSettings.
      StateDefinition(
        .android, "background", aliases: ["background", "all the time", "always"],
        whatHappened: "allowed location “All the time”",
        appReads:
          "ACCESS_BACKGROUND_LOCATION granted, with foreground location: updates arrive while the app is closed",
        screen: "background-on",
        proof:
          "ACCESS_BACKGROUND_LOCATION: granted=true with ACCESS_FINE_LOCATION or ACCESS_COARSE_LOCATION granted=true",
        seed: SeedStep(AndroidStates.pm(["grant LINE"], foregroundLocation + [backgroundLocation])),
        os: .android(from: 29),
        reason: "Before Android 10 every location grant includes the background: there is no separate state.",
        requires: [.seed, .screenshot, .test], sources: ["D:REQ", "D:BGLOC", "D:LOC", "P:GPVM"],
        wordings: [
          StateWording(
            os: VersionRange(platform: .android, lowest: .android(api: 29), below: .android(api: 30)),
            whatHappened: "chose “Allow all the time” in the dialog"),
          StateWording(
            os: .android(from: 30),
            whatHappened: "allowed “All the time” on the app's location settings page (the dialog no longer offers it)"),
        ]),
      backgroundRefused(
        "background-denied", aliases: ["background denied", "background denied once", "all the time denied"],
        flags: "USER_SET without USER_FIXED", setFlags: "user-set", clearFlags: "user-fixed", times: "once",
        whatHappened: "allowed location while using the app, then refused “All the time” once",
        appReads:
          "Foreground location granted, ACCESS_BACKGROUND_LOCATION denied; rationale true for background; a request opens the settings page (Android 11 and later) or the dialog again",
        screen: "background-rationale"),
      backgroundRefused(
        "background-blocked", aliases: ["background blocked", "background denied twice", "all the time blocked"],
        flags: "USER_SET|USER_FIXED", setFlags: "user-set user-fixed", clearFlags: nil, times: "twice",
        whatHappened: "allowed location while using the app, then refused “All the time” twice",
        appReads:
          "Foreground location granted, ACCESS_BACKGROUND_LOCATION denied for good; rationale false; only the app's location settings page can change it",
        screen: "background-open-settings"),
      AndroidStates.deniedOnce(foregroundLocation, screens: locationScreens),
      AndroidStates.blocked(
        foregroundLocation, screens: locationScreens,
        note:
          "From Android 11 a request for background location opens Settings; coming back without a change counts as a denial of ACCESS_BACKGROUND_LOCATION only (USER_SET, then USER_FIXED): the background-denied and background-blocked rows."
      ),
      AndroidStates.policyDenied(foregroundLocation, screens: locationScreens),
      AndroidStates.policyGranted(foregroundLocation, screens: locationScreens, sensor: true),
      AndroidStates.oneTime(foregroundLocation, screens: locationScreens),
      AndroidStates.autoRevoked(foregroundLocation, screens: locationScreens),
      IOSStates.notDetermined(
        reads: ".notDetermined",
        seed: IOSStates.simctlReset("location", resource: "location"),
        sources: ["I:CLS", "C:SIMCTL", "I:XPR"]),
      // [I:CLS] .authorizedWhenInUse; [C:SIMCTL] `location`: "when app is in use".
      StateDefinition(
        .ios, "when-in-use", aliases: ["when in use", "while using", "authorized", "allowed"],
        whatHappened: "chose “Allow While Using App”",
        appReads: ".authorizedWhenInUse with .fullAccuracy", screen: "mapWhileUsing",
        proof: ".authorizedWhenInUse", seed: IOSStates.simctl("grant", "location"), requires: [.screenshot, .test],
        sources: ["I:CLS", "C:SIMCTL"], simulator: .allowed),
      // [I:CLALW] requestAlwaysAuthorization: "After your app calls this method, further calls
      // have no effect"; ignored after Allow Once.
      StateDefinition(
        .ios, "always", aliases: ["always", "all the time", "background"],
        whatHappened: "allowed “Always” (“Change to Always Allow” in the second prompt, or in Settings)",
        appReads: ".authorizedAlways, after the second prompt was answered", screen: "backgroundOn",
        proof: ".authorizedAlways once the second prompt was answered (or set in Settings)",
        seed: IOSStates.simctl("grant", "location-always"), requires: [.screenshot, .test],
        sources: ["I:CLS", "I:CLALW", "C:SIMCTL"], simulator: .always,
        note:
          "Core Location limits calls to requestAlwaysAuthorization(): after the first, further calls have no effect, and after “Allow Once” it is ignored for the session. A .authorizedAlways read before the second prompt is provisional (the provisional-always row) and does not prove this one."
      ),
      // [I:CLALW16] "Provisional Always: In this state, your app receives Always authorization …
      // when an event occurs that requires Always authorization, the system displays the second
      // prompt."
      StateDefinition(
        .ios, "provisional-always", aliases: ["provisional always", "always provisional", "provisionally always"],
        whatHappened:
          "the app asked for Always first and the user chose “Allow While Using App”: iOS reports Always until an Always-only event shows the second prompt",
        appReads:
          ".authorizedAlways (provisional): when the app first needs location in the background the system asks again (“Keep Only While Using” or “Change to Always Allow”)",
        screen: "backgroundProvisional", proof: ".authorizedAlways before the second prompt was shown",
        seed: IOSStates.manual(
          "simctl's location-always gives a real Always, not this.",
          dialog: "the app calls requestAlwaysAuthorization() first; tap “Allow While Using App” in the system prompt"),
        os: .ios(from: 13), reason: "Provisional Always arrived with iOS 13's While Using first prompt.",
        requires: [.screenshot, .test], sources: ["I:CLALW16", "I:CLALW", "I:CLS"],
        note:
          "The app reads the same .authorizedAlways as the always row: only a test named for this state (or its selectors) proves it, never a test of always."
      ),
      // [I:CLTMP] requestTemporaryFullAccuracyAuthorization: full accuracy for the session.
      StateDefinition(
        .ios, "temporary-full-accuracy",
        aliases: ["temporary full accuracy", "temporary precise", "temporary accuracy"],
        whatHappened: "has Precise off, and allowed full accuracy once when the app asked",
        appReads:
          "accuracyAuthorization .fullAccuracy for this session only, with Precise off in Settings; it reverts to .reducedAccuracy when the app is no longer in use",
        screen: "mapPreciseOnce",
        proof: ".fullAccuracy granted by requestTemporaryFullAccuracyAuthorization(withPurposeKey:)",
        seed: IOSStates.manual(
          "No simctl privacy service sets the accuracy.",
          dialog:
            "turn Precise off in Settings, then the app calls requestTemporaryFullAccuracyAuthorization(withPurposeKey:); tap “Allow Once”"
        ),
        os: .ios(from: 14), reason: "Temporary full accuracy arrived with the Precise switch in iOS 14.",
        requires: [.screenshot, .test], sources: ["I:CLTMP", "I:CLACC"],
        note:
          "A .fullAccuracy reading can be temporary: the when-in-use and always rows do not prove this one, nor it them."
      ),
      // [I:CLACC] .reducedAccuracy; [I:CLTMP] the Precise switch and temporary full accuracy, iOS 14.
      StateDefinition(
        .ios, "reduced-accuracy", aliases: ["reduced accuracy", "approximate", "precise off"],
        whatHappened: "turned “Precise” off",
        appReads: ".authorizedWhenInUse or .authorizedAlways with accuracyAuthorization .reducedAccuracy",
        screen: "mapApproximate", proof: ".reducedAccuracy",
        seed: IOSStates.manual(
          "No simctl privacy service sets the accuracy.",
          dialog: "turn “Precise” off in the system prompt (or in Settings), then allow"), os: .ios(from: 14),
        reason: "The Precise switch arrived in iOS 14: before it location is always full accuracy.",
        requires: [.screenshot, .test], sources: ["I:CLACC", "I:CLTMP"]),
      // Allow Once: "temporary When In Use authorization … reverting to Not Determined" [I:CLWIU].
      StateDefinition(
        .ios, "allow-once", aliases: ["allow once", "once"],
        whatHappened: "chose “Allow Once”; the next time the app is used iOS asks again",
        appReads:
          ".authorizedWhenInUse while the app is in use, then .notDetermined (the app cannot tell it from While Using until then)",
        screen: "explainThenAskAgain", proof: ".authorizedWhenInUse, then .notDetermined",
        seed: IOSStates.manual("No simctl privacy service sets it.", dialog: "tap “Allow Once” in the system prompt"),
        os: .ios(from: 13),
        reason: "“Allow Once” arrived in iOS 13.", requires: [.screenshot, .test], sources: ["I:CLS", "I:CLWIU"],
        note:
          "No API tells a temporary When In Use grant from a lasting one while it lasts (UNVERIFIED: the documentation read is silent); requestAlwaysAuthorization() is ignored for that session."
      ),
      IOSStates.denied(
        reads: ".denied", seed: IOSStates.simctl("revoke", "location"), sources: ["I:CLS", "I:CLREQ", "C:SIMCTL"]),
      IOSStates.deniedTwice(
        reason:
          "After “Don't Allow” iOS never asks again. It does ask again after “Allow Once” (the allow-once row) and once to upgrade While Using to Always, but neither makes a second denial: a refusal there reads .denied, or keeps .authorizedWhenInUse.",
        sources: ["I:CLREQ", "I:CLALW", "I:CLWIU"]),
      IOSStates.restricted(reads: ".restricted", sources: ["I:CLS"]),
    ],
    facts: [
      .init(
        "Android 6 to 9: ACCESS_FINE_LOCATION and ACCESS_COARSE_LOCATION, background included; 10: ACCESS_BACKGROUND_LOCATION apart, its dialog offers “Allow all the time”; 11: background only on the settings page for apps targeting 11, and asking for both at once grants neither; 12: the user picks precise or approximate.",
        sources: ["D:REQ", "D:BGLOC", "D:LOC"]),
      .init(
        "StateProof composes the state from the read-back's ACCESS_FINE_LOCATION and ACCESS_COARSE_LOCATION lines (both needed) and ACCESS_BACKGROUND_LOCATION (needed for background): precise = both granted, approximate = coarse only, background = background granted as well; lines that disagree while denied read mixed, which proves no row.",
        sources: ["D:LOC", "P:KUACC"]),
      .init(
        "A request for fine location alone is ignored on some Android 12 releases (\"ACCESS_FINE_LOCATION must be requested with ACCESS_COARSE_LOCATION\").",
        sources: ["D:LOC"]),
      .init(
        "ACCESS_BACKGROUND_LOCATION: shouldShowRequestPermissionRationale is true even before asking for apps targeting Android 11 (API 30) or higher (BACKGROUND_RATIONALE_CHANGE_ID), unless a fixed flag is set; for lower targets it follows USER_SET like any line.",
        sources: ["A:PSKT", "A:PMS11"], .codeDerived),
      .init(
        "StateProof reads a background line denied (USER_SET) or blocked (USER_SET|USER_FIXED) beside a foreground grant as background-denied or background-blocked, never as precise or approximate; a background line never asked leaves precise or approximate.",
        sources: ["P:GPVM", "D:BGLOC"], .codeDerived),
      .init(
        "Location button: an app may declare ACCESS_FINE_LOCATION with usesPermissionFlags=\"onlyForLocationButton\", so that only the system's location button grants it; AOSP's permission upgrade revokes ACCESS_FINE_LOCATION held under such a declaration. A grant through the button is no state StateProof models (no row): its test and screenshot prove what the app shows.",
        sources: ["A:UPGRADE"], .codeDerived),
      .init(
        "iOS: CLAuthorizationStatus notDetermined 0, restricted 1, denied 2, authorizedAlways 3, authorizedWhenInUse 4; CLAccuracyAuthorization fullAccuracy 0, reducedAccuracy 1 (iOS 14).",
        sources: ["I:CLS", "I:CLACC"]),
    ])

  /// Background location refused while foreground location stays granted [P:GPVM]
  /// sendDirectlyToSettings: no change on the settings page counts as a denial (USER_SET, then
  /// USER_FIXED); on Android 10 the dialog's deny does the same [D:BGLOC]. `times` is how often
  /// the user refuses ("once", "twice"): the seed on Android 10 and 11, where pm sets no flags.
  static func backgroundRefused(
    _ state: String, aliases: [String], flags: String, setFlags: String, clearFlags: String?, times: String,
    whatHappened: String, appReads: String, screen: String
  ) -> StateDefinition {
    let pm = AndroidStates.pm
    let steps =
      ["revoke LINE"] + (clearFlags.map { ["clear-permission-flags LINE \($0)"] } ?? []) + [
        "set-permission-flags LINE \(setFlags)"
      ]
    let grant = pm(["grant LINE"], foregroundLocation)
    let commands = grant + pm(steps, [backgroundLocation])
    let dialog =
      "after the grant, refuse “All the time” \(times): in the dialog on Android 10 (\(AndroidDialogButtons.deny)), by leaving the app's location settings page without choosing it on 11"
    return StateDefinition(
      .android, state, aliases: aliases, whatHappened: whatHappened, appReads: appReads, screen: screen,
      proof:
        "ACCESS_BACKGROUND_LOCATION: granted=false, \(flags), with ACCESS_FINE_LOCATION or ACCESS_COARSE_LOCATION granted=true (the variant says which)",
      seed: AndroidStates.fromTwelve(
        commands, before: "grant the foreground lines, then \(dialog.dropFirst("after the grant, ".count))"),
      os: .android(from: 29),
      reason: "Before Android 10 every location grant includes the background: there is nothing apart to refuse.",
      requires: [.seed, .screenshot, .test],
      sources: ["D:BGLOC", "P:GPVM", "A:PSKT"] + AndroidStates.flagCommandSources + AndroidDialogButtons.sources,
      basis: .codeDerived,
      wordings: [
        StateWording(os: AndroidStates.flagCommands, seed: SeedStep(commands)),
        StateWording(
          os: VersionRange(platform: .android, lowest: .android(api: 29), below: .android(api: 31)),
          seed: SeedStep(
            grant, dialog: dialog,
            prose:
              "No adb command sets the background line's flags on Android 10 and 11: \(AndroidStates.noFlagCommands). \(AndroidStates.byHand)"
          )),
      ])
  }

  static let fineLocation = "android.permission.ACCESS_FINE_LOCATION"
  static let coarseLocation = "android.permission.ACCESS_COARSE_LOCATION"
  static let backgroundLocation = "android.permission.ACCESS_BACKGROUND_LOCATION"
  static let foregroundLocation = [fineLocation, coarseLocation]
  static let locationScreens = AndroidStates.Screens(granted: "map-precise")
}
