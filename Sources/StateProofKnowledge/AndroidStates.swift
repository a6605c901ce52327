import StateProofModel

/// The Android states every runtime permission has, built for one permission from its lines and
/// its own screens: the words come from here, the permission-specific words from the caller.
/// Sources (see ``PlatformKnowledge/sources``): flags written by the dialog [P:KU], [P:GPVM];
/// rationale [A:PSKT], [A:PMS11]; what pm can seed [A:PMSC15]; the user's view [D:REQ].
enum AndroidStates {
  /// The screens a permission's Android states assert.
  struct Screens {
    var notAsked = "explain-then-ask"
    var granted: String
    var deniedOnce = "rationale"
    var blocked = "open-settings"
    var policyDenied = "managed-by-admin"
    var askAgain = "explain-then-ask"
  }

  /// The states every runtime permission read from `lines` has: never asked, granted, denied
  /// once, blocked, the two policy states and, unless the reset skips it, auto-revoked.
  /// `sensor`: a sensor permission only a device owner may grant by policy from Android 12.
  static func common(_ lines: [String], screens: Screens, sensor: Bool = false, autoRevoked: Bool = true)
    -> [StateDefinition]
  {
    [
      notAsked(lines, screens: screens), granted(lines, screens: screens), deniedOnce(lines, screens: screens),
      blocked(lines, screens: screens), policyDenied(lines, screens: screens),
      policyGranted(lines, screens: screens, sensor: sensor),
    ] + (autoRevoked ? [self.autoRevoked(lines, screens: screens)] : [])
  }

  /// `adb shell pm VERB PKG LINE …`, each step for each line in turn: one command each.
  static func pm(_ steps: [String], _ lines: [String]) -> [String] {
    lines.flatMap { line in steps.map { "adb shell pm \($0.replacingOccurrences(of: "LINE", with: "PKG \(line)"))" } }
  }

  // pm's set-permission-flags and clear-permission-flags arrived in Android 12 (API 31): Android
  // 10's and 11's PackageManagerShellCommand have grant and revoke but neither [A:PMSC10],
  // [A:PMSC11]; later ones have both [A:PMSC15]. Before 12 the flags come from the dialog only.
  /// The versions whose pm sets and clears permission flags.
  static let flagCommands = VersionRange.android(from: 31)
  /// Why a seed that sets flags has no adb command before Android 12.
  static let noFlagCommands = "pm has no set-permission-flags or clear-permission-flags before Android 12"
  /// The sources of what pm can set, by version.
  static let flagCommandSources = ["A:PMSC15", "A:PMSC10", "A:PMSC11"]

  /// A seed with no adb command on `versions` (before Android 12): what to do in the dialog.
  static func dialogSeed(on versions: String, _ steps: String) -> SeedStep {
    .manual(steps, prose: "No adb command on \(versions): \(noFlagCommands). \(byHand)")
  }

  /// What a step no command reaches is done with.
  static let byHand = "By hand, in the UI test, or through the app's debug launch argument."

  /// `commands` on Android 12 and later, and what to do `before` it: a state's own seed, which
  /// covers every version (its wordings say which is which).
  static func fromTwelve(_ commands: [String], before: String) -> SeedStep {
    SeedStep(
      commands, dialog: "before Android 12: \(before)",
      prose: "The commands need Android 12 or later: \(noFlagCommands).")
  }

  /// The lines a proof names, short: `ACCESS_FINE_LOCATION and ACCESS_COARSE_LOCATION`.
  static func named(_ lines: [String]) -> String {
    let short = lines.map { AndroidLine($0, role: "").shortName }
    return short.count <= 1 ? short.joined() : short.dropLast().joined(separator: ", ") + " and " + short.last!
  }

  // [D:REQ] "never asked": no decision recorded; rationale false [A:PSKT]; pm revoke and
  // clear-permission-flags reset it [A:PMSC15] (they cannot clear ONE_TIME or AUTO_REVOKED, §1.6).
  // Before Android 12 pm cannot clear the flags: a reinstall starts afresh, and clearing the
  // app's data resets the user's changes [A:PMCLEAR].
  static func notAsked(_ lines: [String], screens: Screens, appReads: String? = nil) -> StateDefinition {
    let commands = pm(["revoke LINE", "clear-permission-flags LINE user-set user-fixed"], lines)
    let reinstall = "reinstall the app: adb uninstall PKG, then adb install its APK without -g"
    let clear =
      "pm revoke leaves USER_SET and USER_FIXED, so only a reinstall starts afresh; adb shell pm clear PKG also resets the user's choices, with the app's data."
    return StateDefinition(
      .android, "not-asked", aliases: ["not asked", "never asked", "first launch"],
      whatHappened: "never asked",
      appReads: appReads ?? "Denied; shouldShowRequestPermissionRationale false; a request shows the system dialog",
      screen: screens.notAsked,
      proof: "\(named(lines)): granted=false, without USER_SET, USER_FIXED, POLICY_FIXED, ONE_TIME or AUTO_REVOKED",
      seed: fromTwelve(commands, before: reinstall).adding(prose: clear),
      requires: [.seed, .screenshot, .test], sources: ["D:REQ", "A:PSKT", "A:PMCLEAR"] + flagCommandSources,
      basis: .captured,
      note: "pm cannot clear ONE_TIME or AUTO_REVOKED: reinstall the app when a line carries them.",
      wordings: [
        StateWording(os: flagCommands, seed: SeedStep(commands)),
        StateWording(
          os: .android(below: 31),
          seed: .manual(reinstall, prose: "\(clear) No adb command clears the flags: \(noFlagCommands).")),
      ])
  }

  // [D:REQ] tapping Allow grants; the dialog adds USER_SET [P:KU]; pm grant only sets the
  // granted bit [A:PSKT], [A:PFKT]: it adds no flag and leaves ONE_TIME and AUTO_REVOKED.
  static func granted(
    _ lines: [String], screens: Screens, whatHappened: String = "allowed", appReads: String = "Granted"
  )
    -> StateDefinition
  {
    StateDefinition(
      .android, "granted", aliases: ["granted", "allowed"], whatHappened: whatHappened, appReads: appReads,
      screen: screens.granted,
      proof:
        "\(named(lines)): granted=true without ONE_TIME (a dialog grant adds USER_SET; pm grant adds no flag and removes none)",
      seed: SeedStep(pm(["grant LINE"], lines)), requires: [.seed, .screenshot, .test],
      sources: ["D:REQ", "P:KU", "A:PMSC15", "A:PSKT", "A:PFKT"], basis: .captured,
      note:
        "pm grant only sets the granted bit. Over a line that carries ONE_TIME it gives granted=true with ONE_TIME still there: a one-time grant, which proves nothing for this row (one-time-grant); reinstall the app first. Over AUTO_REVOKED it gives granted=true, AUTO_REVOKED: a lasting grant restored after the unused-app reset, which proves the row: the flag is informational (it “should be removed once the permission is granted again”, says PermissionFlags; pm grant leaves it)."
    )
  }

  // [D:REQ] "denied once by the user are flagged by USER_SET"; rationale true [A:PSKT]. Before
  // Android 12 pm cannot set USER_SET: only the dialog's Deny does.
  static func deniedOnce(_ lines: [String], screens: Screens, note: String? = nil) -> StateDefinition {
    let commands = pm(
      ["revoke LINE", "clear-permission-flags LINE user-fixed", "set-permission-flags LINE user-set"], lines)
    return StateDefinition(
      .android, "denied-once", aliases: ["denied once", "denied"], whatHappened: "denied once",
      appReads: "Denied; rationale true (USER_SET); a request shows the dialog again",
      screen: screens.deniedOnce, proof: "\(named(lines)): granted=false, USER_SET without USER_FIXED",
      seed: fromTwelve(
        commands,
        before:
          "tap “Deny” once in the system dialog (\(AndroidDialogButtons.deny); \(AndroidDialogButtons.denyBefore10) on 9 and earlier)"
      ),
      requires: [.seed, .screenshot, .test],
      sources: ["D:REQ", "P:KU", "A:PSKT"] + flagCommandSources + AndroidDialogButtons.sources,
      basis: .captured, note: note,
      wordings: [
        StateWording(os: flagCommands, seed: SeedStep(commands)),
        StateWording(
          os: VersionRange(platform: .android, lowest: .android(api: 30), below: .android(api: 31)),
          seed: dialogSeed(on: "Android 11", "tap “Deny” once in the system dialog (\(AndroidDialogButtons.deny))")),
        // [D:A11PERM] before Android 11 the dialog shows each time unless the box was ticked.
        StateWording(
          os: .android(below: 30), whatHappened: "denied without ticking “Don't ask again”",
          seed: dialogSeed(
            on: "Android 6 to 10",
            "tap “Deny” without ticking “Don't ask again” (\(AndroidDialogButtons.deny) on Android 10, \(AndroidDialogButtons.denyBefore10) on 6 to 9)"
          )),
      ])
  }

  // [D:REQ] "denied permanently by selecting Deny twice are flagged by USER_FIXED"; [D:A11PERM]
  // twice from Android 11 (API 30), the "Don't ask again" box before; no dialog [A:PSKT].
  static func blocked(_ lines: [String], screens: Screens, note: String? = nil) -> StateDefinition {
    let commands = pm(["revoke LINE", "set-permission-flags LINE user-set user-fixed"], lines)
    return StateDefinition(
      .android, "blocked", aliases: ["blocked", "denied twice", "permanently denied", "don't ask again"],
      whatHappened: "denied twice (Android 11 and later) or ticked “Don't ask again” (Android 6 to 10)",
      appReads: "Denied; rationale false (USER_FIXED); a request shows no dialog and reports denied at once",
      screen: screens.blocked, proof: "\(named(lines)): granted=false, USER_SET|USER_FIXED",
      seed: fromTwelve(
        commands,
        before:
          "deny twice in the system dialog on 11, tick “Don't ask again” and deny on 6 to 10 (the buttons by version below)"
      ),
      requires: [.seed, .screenshot, .test],
      sources: ["D:REQ", "D:A11PERM", "P:KU"] + flagCommandSources + AndroidDialogButtons.sources,
      basis: .captured,
      note: note
        ?? "On Android 6 to 10 the box sets the same USER_FIXED flag; that code path was not re-read in AOSP (UNVERIFIED).",
      wordings: [
        StateWording(os: flagCommands, whatHappened: "denied twice", seed: SeedStep(commands)),
        StateWording(
          os: VersionRange(platform: .android, lowest: .android(api: 30), below: .android(api: 31)),
          whatHappened: "denied twice",
          seed: dialogSeed(
            on: "Android 11",
            "tap “Deny” in the system dialog, ask again and tap “Deny” again: \(AndroidDialogButtons.deny) the first time, \(AndroidDialogButtons.denyAndDontAskAgain) the second (the same words)"
          )),
        StateWording(
          os: VersionRange(platform: .android, lowest: .android(api: 23), below: .android(api: 30)),
          whatHappened: "ticked “Don't ask again” and denied",
          seed: dialogSeed(
            on: "Android 6 to 10",
            "deny once, ask again, then tick “Don't ask again” and tap “Deny” (\(AndroidDialogButtons.denyBefore10), Android 6 to 9); on Android 10 tap the second request's “Deny & don't ask again” (\(AndroidDialogButtons.denyAndDontAskAgain))"
          )),
      ])
  }

  // [D:DPM] setPermissionGrantState denied: "the user cannot manage it through the UI";
  // [P:PCSI] setPolicyFixed(true) then revoke; pm grant refuses a policy-fixed permission [A:PMS10].
  static func policyDenied(_ lines: [String], screens: Screens) -> StateDefinition {
    StateDefinition(
      .android, "policy-denied", aliases: ["policy denied", "policy fixed", "policy locked", "denied by policy"],
      formerNames: ["policy-fixed"], whatHappened: "nothing: the device's administrator denied it",
      appReads: "Denied; rationale false (POLICY_FIXED); no dialog, and Settings cannot change it",
      screen: screens.policyDenied, proof: "\(named(lines)): granted=false, POLICY_FIXED",
      seed: .manual(
        "a device-policy app such as TestDPC denies it with setPermissionGrantState",
        prose: "No adb command: pm cannot set POLICY_FIXED. \(byHand)"),
      requires: [.test], sources: ["D:DPM", "P:PCSI", "A:PMS10", "A:PMSC15"], basis: .codeDerived)
  }

  // [D:DPM] setPermissionGrantState granted: "granted and the user cannot manage it through the
  // UI"; [P:PCSI] setPolicyFixed(true) then grant; a real line: corpus a13plus-workprofile
  // (POST_NOTIFICATIONS). [D:DPMSENS] from Android 12 only a fully managed device's owner may
  // grant the sensor permissions (camera, microphone, location, body sensors, activity
  // recognition); a work-profile admin may only deny them [C:CTSDO].
  static func policyGranted(_ lines: [String], screens: Screens, sensor: Bool = false) -> StateDefinition {
    let noCommand = "No adb command: pm cannot set POLICY_FIXED. \(byHand)"
    let anyAdmin = SeedStep.manual(
      "a device-policy app such as TestDPC grants it with setPermissionGrantState", prose: noCommand)
    let ownerOnly = SeedStep.manual(
      "a device-owner app on a fully managed device (TestDPC set up as device owner) grants it with setPermissionGrantState",
      prose: "\(noCommand) A work-profile (profile-owner) admin can only deny it.")
    return StateDefinition(
      .android, "policy-granted", aliases: ["policy granted", "granted by policy"],
      whatHappened: sensor
        ? "nothing: the fully managed device's owner granted it" : "nothing: the device's administrator granted it",
      appReads: "Granted; no dialog; the Settings switch is greyed out", screen: screens.granted,
      proof: "\(named(lines)): granted=true, POLICY_FIXED" + (sensor ? ", on user 0 (the device owner's user)" : ""),
      seed: sensor ? ownerOnly : anyAdmin,
      requires: [.test],
      sources: ["D:DPM", "P:PCSI", "C:A13WP"] + (sensor ? ["D:DPMSENS", "C:CTSDO"] : []),
      basis: sensor ? .documented : .captured,
      note: sensor
        ? "From Android 12 a work-profile admin cannot grant this sensor permission, so a policy-granted line from a work profile is not evidence of this row (StateProof reads user 0's lines only). The one real policy-granted line known (C:A13WP) is POST_NOTIFICATIONS in a work profile, which proves nothing for sensors."
        : nil,
      wordings: sensor
        ? [
          StateWording(
            os: VersionRange(platform: .android, lowest: .android(api: 23), below: .android(api: 31)),
            whatHappened: "nothing: the device's administrator granted it", seed: anyAdmin)
        ] : [])
  }

  // [D:REQ] "Only this time" for location, microphone and camera from Android 11; when the
  // session ends [P:PCSI] revokes and clears USER_SET, leaving ONE_TIME (corpus a11-emulator).
  static func oneTime(_ lines: [String], screens: Screens) -> StateDefinition {
    StateDefinition(
      .android, "one-time", aliases: ["one time", "only this time", "one time expired"],
      formerNames: ["one-time-expired"],
      whatHappened: "chose “Only this time”, then left the app until the grant lapsed",
      appReads: "Denied; rationale false; a request shows the system dialog again", screen: screens.askAgain,
      proof: "\(named(lines)): granted=false, ONE_TIME without USER_SET",
      seed: .manual(
        "tap “Only this time” (\(AndroidDialogButtons.allowOneTime)), then leave the app a minute, until the session ends",
        prose: "No adb command: pm cannot set ONE_TIME, and pm grant leaves it in place. \(byHand)"),
      os: .android(from: 30),
      reason: "“Only this time” arrived in Android 11: before it a grant lasts until it is revoked.",
      requires: [.screenshot, .test],
      sources: ["D:REQ", "P:PCSI", "P:KU", "A:PERSIST", "A:PFKT", "P:UTILS", "C:A11"] + AndroidDialogButtons.sources,
      basis: .captured,
      note:
        "While the session lasts the line reads granted=true with ONE_TIME: it proves no grant row (one-time-grant). The session ends about a minute after the app leaves the foreground (ONE_TIME_PERMISSIONS_TIMEOUT_MILLIS, 60 s; device_config can change it). pm grant over a lapsed line gives granted=true with ONE_TIME still set: reinstall the app to leave this state. Whether Android 14 and later keep ONE_TIME after the lapse is UNVERIFIED (the persistence code keeps the bit, PermissionFlags' comment says it should be removed): a line without it reads not-asked, and only the ONE_TIME line proves this row.",
      settle:
        "a dumpsys package capture from an Android 14 or later device a minute after an “Only this time” grant was left",
      // The proof line itself was captured (C:A11): a read-back showing it is real evidence on
      // its device; only whether 14+ keeps the flag is open.
      proofIsUnverified: false)
  }

  // [D:HIB] unused apps targeting 11 (API 30) and later have their permissions reset (on 6-10
  // by Google Play services, where no AUTO_REVOKED flag exists); PermissionController adds
  // AUTO_REVOKED [A:PFKT], [P:ARP]; corpus a14 shows it without USER_SET;
  // `cmd app_hibernation set-state` revokes nothing [A:AHS].
  static func autoRevoked(_ lines: [String], screens: Screens) -> StateDefinition {
    StateDefinition(
      .android, "auto-revoked", aliases: ["auto revoked", "auto reset", "unused app", "hibernation", "hibernated"],
      whatHappened: "did not open the app for months, and Android reset its permissions",
      appReads: "Denied; rationale false; a request shows the system dialog", screen: screens.askAgain,
      proof: "\(named(lines)): granted=false, AUTO_REVOKED without USER_SET",
      seed: SeedStep(
        [
          "adb shell device_config put permissions auto_revoke_unused_threshold_millis2 1000",
          "adb shell am wait-for-broadcast-idle",
          "adb shell cmd jobscheduler run -u 0 -f com.google.android.permissioncontroller 2",
        ],
        prose:
          "Then restore the threshold. On images without Google services the job is com.android.permissioncontroller's; cmd app_hibernation set-state revokes nothing."
      ),
      os: .android(from: 30),
      reason:
        "The AUTO_REVOKED flag arrived in Android 11: on 6 to 10, where Google Play services resets the permissions of apps targeting 11 and later, dumpsys has no flag to prove it.",
      target: .target(from: 30),
      targetReason: "Only apps targeting Android 11 (API 30) or higher have unused permissions reset [D:HIB].",
      requires: [.seed, .screenshot, .test],
      sources: ["D:REQ", "D:HIB", "A:PFKT", "P:KU", "P:ARP", "A:AHS", "C:A14"],
      basis: .captured,
      note:
        "The seeding procedure is Android's documented one but was not run on a device here; the job skips every app while the device looks freshly flashed, so a new emulator may revoke nothing. Not reset: fixed permissions (user, policy, system), grants by default or by a role, groups split from install-time permissions, and ACTIVITY_RECOGNITION and POST_NOTIFICATIONS."
    )
  }

  // [A:PFKT] a permission granted implicitly (split from an install-time one: IMPLICIT_GRANTED)
  // "should always be considered granted, although APP_OP_REVOKED may cause the app op … to be
  // revoked": set "when the runtime permission is legacy or implicit but still \"revoked\" by the
  // user in permission settings", printed REVOKED_COMPAT. pm sets the flag from Android 12
  // [A:PMSC15]; toPolicyFlags maps it to APP_OP_REVOKED, which isAppOpGranted honours [A:PFKT].
  /// The user turned an implicitly granted permission off in Settings: the line stays
  /// `granted=true` with REVOKED_COMPAT. `setting` names the switch (“Physical activity”),
  /// `below` the first target SDK that asks instead, `seedLines` what the switch turns off.
  static func revokedInSettings(
    _ lines: [String], seedLines: [String], setting: String, below: Int, withheld: String, screens: Screens,
    targetReason: String, sources: [String]
  ) -> StateDefinition {
    let release = AndroidRelease.name(api: below - 1) ?? "\(below - 1)"
    let targets = "targeting Android \(release) (API \(below - 1)) or lower"
    let commands = pm(["set-permission-flags LINE revoked-compat"], seedLines)
    let settings = "turn \(setting) off on the app's permission page in Settings"
    return StateDefinition(
      .android, "revoked-in-settings",
      aliases: ["revoked in settings", "turned off in settings", "revoked compat", "app op revoked"],
      whatHappened: "turned \(setting) off in Settings, for an app \(targets) that had it without asking",
      appReads:
        "Still granted: the line reads granted=true and checkSelfPermission cannot tell, but the app op is revoked, so \(withheld); the app cannot ask again, only Settings gives it back",
      screen: screens.blocked,
      proof:
        "\(named(lines)): granted=true, REVOKED_COMPAT, for an app StateProof knows targets API \(below - 1) or lower (platforms.android.targetSdk, or the read-back's targetSdk=); otherwise the line reads denied-legacy and proves no row",
      seed: fromTwelve(commands, before: settings),
      target: .android(below: below), targetReason: targetReason,
      requires: [.seed, .screenshot, .test], sources: ["A:PFKT"] + flagCommandSources + sources, basis: .codeDerived,
      note:
        "The Settings switch sets REVOKED_COMPAT on the line and leaves it granted=true; pm set-permission-flags … revoked-compat sets the same flag, and that the app op follows it is read off PermissionFlags (isAppOpGranted), not seen on a device.",
      settle:
        "a dumpsys package capture of an app \(targets) after the user turned \(setting) off on its Settings page",
      wordings: [
        StateWording(os: flagCommands, seed: SeedStep(commands)),
        StateWording(os: .android(below: 31), seed: dialogSeed(on: "Android 10 and 11", settings)),
      ])
  }

  // [D:TOGGLE] the Quick Settings switches (Android 12+): blank camera feed, silent audio, the
  // permission unchanged; `cmd sensor_privacy enable USER_ID SENSOR` [A:SPS12], [A:SPS]; the
  // dumpsys shapes [A:SPS12], [A:PST], [A:SPPROTO], rendered by [A:DDOS].
  static func sensorOff(_ line: String, sensor: SensorToggle, feed: String) -> StateDefinition {
    let name = sensor.name
    return StateDefinition(
      .android, "sensor-off",
      aliases: ["sensor off", "\(name) access off", "access off", "privacy toggle", "toggle off", "sensor privacy"],
      whatHappened: "turned “\(name.capitalized) access” off in Quick Settings; the permission stays allowed",
      appReads: "Granted, but \(feed); the system reminds the user the switch is off; no public API reads the switch",
      screen: "\(name)-access-off",
      proof:
        "\(named([line])): granted=true, and in dumpsys sensor_privacy for the user: sensor=\(sensor.rawValue) with is_enabled=true inside individual_enabled_sensor (Android 12; the user's own is_enabled line is the global switch, not this one) or a toggle with state_type=1 (Android 13 and later; toggle_type 1 software, 2 hardware)",
      seed: SeedStep(
        pm(["grant LINE"], [line]) + [sensor.switchOff],
        prose:
          "The user id comes first; \(sensor.switchOn) undoes it. Capture adb shell dumpsys sensor_privacy beside dumpsys package: the command exits 0 even where the device ignores it."
      ),
      os: .android(from: 31),
      reason: "The \(name) access switch arrived in Android 12, and only on devices that support it.",
      requires: [.seed, .screenshot, .test],
      sources: ["D:TOGGLE", "D:SPM", "A:SPS12", "A:SPS", "A:PST", "A:SPSCI", "A:SPPROTO", "A:DDOS"],
      basis: .codeDerived,
      note:
        "What the app gets with the switch off (\(feed)) and the system's reminder to the user are from the toggles section of D:TOGGLE, not re-read (UNVERIFIED); that no public API reads the switch is SensorPrivacyManager's, whose only public method is supportsSensorToggle. The dumpsys sensor_privacy shapes are read off AOSP's dump code; no real capture was found (UNVERIFIED). On Android 13 and later a switch never touched prints nothing (usable). The 13+ dump keeps one toggle per sensor and user, so on a device with a hardware switch the toggle shown may be the hardware one: a hardware toggle reading state_type=2 does not say the software switch is on, and StateProof reads it as unknown.",
      settle:
        "a dumpsys sensor_privacy capture from a device with the switch off (and one from a device with a hardware camera or microphone switch)"
    )
  }
}
