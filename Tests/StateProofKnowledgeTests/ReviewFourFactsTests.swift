import Testing

@testable import StateProofKnowledge
@testable import StateProofModel

/// The facts review 4 found wrong or missing (issue 46): a refusal of an implicit grant, seeds on
/// versions whose pm sets no flags, the simulator's camera service, App Tracking Transparency's
/// reinstall, local network on both platforms.
@Suite struct ReviewFourFactsTests {
  static func state(_ id: String, _ platform: Platform, _ name: String) throws -> StateDefinition {
    try #require(PlatformKnowledge.permission(id)?.states.first { $0.platform == platform && $0.state == name })
  }

  /// `NAME: granted=true, REVOKED_COMPAT` as the Settings switch leaves an implicit grant.
  static let revokedCompat = AndroidLineFacts(
    granted: true, flags: ["REVOKED_COMPAT", "USER_SENSITIVE_WHEN_GRANTED", "USER_SENSITIVE_WHEN_DENIED"])

  /// F1 / D24: motion for apps targeting 28 or lower and Bluetooth for 30 or lower have a row for
  /// the Settings switch turned off, reachable only for those targets, with a seed and a proof.
  @Test(arguments: [
    ("motion", "android.permission.ACTIVITY_RECOGNITION", 29, 29),
    ("bluetooth", "android.permission.BLUETOOTH_CONNECT", 31, 31),
  ])
  func anImplicitGrantTurnedOffInSettingsIsARow(id: String, line: String, below: Int, os: Int) throws {
    let row = try Self.state(id, .android, "revoked-in-settings")
    #expect(row.reachable && row.target == .android(below: below) && row.os == .android(from: os))
    #expect(row.whatHappened.contains("off in Settings") && row.appReads.contains("app op is revoked"))
    #expect(
      row.proof.contains("granted=true, REVOKED_COMPAT") && row.seed.commands.contains { $0.contains("revoked-compat") }
    )
    #expect(row.requires == [.seed, .screenshot, .test] && row.proofIsUnverified && row.settle != nil)
    let reading = try #require(PlatformKnowledge.permission(id)?.android)
    #expect(reading.compose([line: Self.revokedCompat], targetSdk: below - 1).state == "revoked-in-settings")
    #expect(reading.compose([line: Self.revokedCompat], targetSdk: below).state == "denied-legacy")
    #expect(reading.compose([line: Self.revokedCompat]).state == "denied-legacy", "an unknown target proves no row")
  }

  /// D24: no fact says an implicitly granted app never sees a refusal.
  @Test func noFactSaysAnImplicitGrantIsNeverRefused() throws {
    for id in ["motion", "bluetooth"] {
      let permission = try #require(PlatformKnowledge.permission(id))
      let texts = permission.facts.map(\.text) + permission.states.compactMap(\.targetReason)
      for text in texts {
        #expect(!text.contains("never see a refusal") && !text.contains("never asked, denied"), "\(id): \(text)")
      }
      #expect(permission.facts.contains { $0.text.contains("REVOKED_COMPAT") && $0.text.contains("Settings") })
    }
  }

  /// pm's set-permission-flags and clear-permission-flags arrived in Android 12 (API 31): a seed
  /// that sets or clears flags says what to do on the versions before it, as data: the commands
  /// from 12 on, the dialog step (with the button's resource id) before.
  @Test func flagSeedsSayWhatToDoBeforeAndroid12() throws {
    for (name, dialog) in [("denied-once", "tap “Deny” once"), ("blocked", "“Deny” again")] {
      let state = try Self.state("camera", .android, name)
      func step(_ api: Int) throws -> SeedStep {
        try #require(state.seedVariants.first { $0.os?.contains(.android(api: api)) ?? true }?.step)
      }
      let twelve = try step(31)
      let eleven = try step(30)
      let ten = try step(29)
      #expect(twelve.isShell && twelve.commands.contains { $0.contains("set-permission-flags") }, "\(name): \(twelve)")
      #expect(!eleven.isShell && eleven.dialog?.contains(dialog) == true, "\(name): \(eleven)")
      #expect(eleven.dialog?.contains("com.android.permissioncontroller:id/permission_deny_button") == true)
      #expect(eleven.prose?.hasPrefix("No adb command on Android 11") == true, "\(name): \(eleven)")
      #expect(!ten.isShell && ten.dialog?.contains("Don't ask again") == true, "\(name): \(ten)")
      #expect(ten.prose?.hasPrefix("No adb command on Android 6 to 10") == true, "\(name): \(ten)")
      #expect(state.words(on: [.android(api: 30)]).seed.contains(dialog), "\(name): the words of a version")
      #expect(state.seed.dialog?.hasPrefix("before Android 12") == true, "\(name): the state's own seed covers all")
      #expect(state.sources.contains("A:PMSC10") && state.sources.contains("A:PMSC11"))
    }
    let notAsked = try Self.state("camera", .android, "not-asked")
    #expect(notAsked.words(on: [.android(api: 30)]).seed.hasPrefix("reinstall the app: adb uninstall PKG"))
    #expect(notAsked.words(on: [.android(api: 34)]).seed.contains("clear-permission-flags"))
    let background = try Self.state("location", .android, "background-blocked")
    #expect(background.words(on: [.android(api: 29)]).seed.contains("refuse “All the time” twice"))
    // A row that exists only from 13 keeps the pm seed alone.
    for name in ["denied-once", "blocked"] {
      let notifications = try Self.state("notifications", .android, name)
      #expect(notifications.seed.isShell && notifications.seed.dialog == nil, "\(name)")
      #expect(notifications.seed.commands.contains { $0.contains("set-permission-flags") }, "\(name)")
      #expect(notifications.seedVariants.count == 1, "\(name)")
    }
  }

  /// One-time is reached only in the dialog: “Only this time”, by the id Barista and Patrol tap,
  /// then a minute away from the app.
  @Test func oneTimeIsADialogStep() throws {
    let state = try Self.state("camera", .android, "one-time")
    #expect(!state.seed.isShell)
    #expect(state.seed.dialog?.contains("com.android.permissioncontroller:id/permission_allow_one_time_button") == true)
    #expect(state.seed.dialog?.contains("leave the app a minute") == true)
    #expect(state.sources.contains("T:BARISTA") && state.sources.contains("T:PATROL"))
  }

  /// The Simulator's camera authorization is seeded with simctl's unlisted camera service.
  @Test func iosCameraRowsAreSeededBySimctl() throws {
    for (name, action) in [("not-determined", "reset"), ("authorized", "grant"), ("denied", "revoke")] {
      let state = try Self.state("camera", .ios, name)
      #expect(state.seed.commands == ["xcrun simctl privacy DEVICE \(action) camera BUNDLE"], "\(name)")
      #expect(state.sources.contains("C:SIMCAM") && state.note?.contains("not in xcrun simctl help privacy") == true)
    }
  }

  /// F6: App Tracking Transparency asks again after a reinstall, and only then.
  @Test func trackingIsResetByAReinstall() throws {
    #expect(try Self.state("tracking", .ios, "not-determined").seed.dialog?.contains("reinstall") == true)
    let twice = try Self.state("tracking", .ios, "denied-twice")
    #expect(!twice.reachable && twice.reason?.contains("uninstalled and reinstalled") == true)
    #expect(try Self.state("tracking", .ios, "denied").note?.contains("UNVERIFIED") == true)
  }

  /// D4 and B7: ACCESS_LOCAL_NETWORK is Android 17's (API 37), 16 only an opt-in; iOS's
  /// never-asked local network state can be reset.
  @Test func localNetworkHasItsReleasesAndItsReset() throws {
    let wifi = try #require(PlatformKnowledge.permission("wifi")).facts.map(\.text).joined(separator: " ")
    #expect(wifi.contains("API 37") && wifi.contains("Android 17") && wifi.contains("RESTRICT_LOCAL_NETWORK"))
    let check = try #require(PlatformKnowledge.releaseChecks.first { $0.behaviour.contains("ACCESS_LOCAL_NETWORK") })
    #expect(check.release == "Android 16 (API 36)" && check.sources.contains("D:LOCALNET"))
    let ios = try #require(PlatformKnowledge.notModelled.first { $0.text.contains("Local Network") })
    #expect(ios.text.contains("resetAuthorizationStatus(for: .localNetwork)") && ios.sources.contains("I:XPRLN"))
    #expect(!ios.text.contains("nothing to seed"))
  }
}
