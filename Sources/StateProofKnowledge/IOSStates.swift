import StateProofModel

/// The iOS states most permissions share, built for one permission from what its app reads and
/// its own screens. Sources: the status enums [I:AVS], [I:PHS], [I:CNS], [I:CBA], [I:CLS],
/// [I:UNS]; "the system remembers the user's response" [I:AVREQ]; resetting [I:XRES].
enum IOSStates {
  /// What a step no command reaches is done with.
  static let byHand = "By hand, in the UI test, or through the app's debug launch argument."

  /// A state only the system prompt (or the app's debug launch argument) reaches: tap `button`.
  static func prompt(_ button: String) -> SeedStep {
    .manual(
      "tap “\(button)” in the system prompt (XCUITest: the springboard's alert, through addUIInterruptionMonitor; Patrol: \(button == "Don't Allow" ? "denyPermission()" : "grantPermissionWhenInUse()"))",
      prose: "No simctl privacy service sets it. \(byHand)")
  }

  /// A state with no seed but by hand: `why` no command reaches it.
  static func manual(_ why: String, dialog: String? = nil) -> SeedStep {
    .manual(dialog, prose: "\(why) \(byHand)")
  }

  /// `xcrun simctl privacy DEVICE ACTION SERVICE BUNDLE` (Simulator only; help text of
  /// `xcrun simctl privacy`, Xcode 11.4 and later [C:SIMCTL]); `DEVICE` is the Simulator's UDID
  /// or `booted`.
  static func simctl(_ action: String, _ service: String, prose: String? = nil) -> SeedStep {
    SeedStep(["xcrun simctl privacy DEVICE \(action) \(service) BUNDLE"], prose: prose)
  }

  /// `simctl privacy … reset`, or in a UI test `XCUIApplication().resetAuthorizationStatus(for:)`,
  /// iOS 13.4 and later, on a device too [I:XRES], [I:XPR].
  static func simctlReset(_ service: String, resource: String, prose: String? = nil) -> SeedStep {
    simctl(
      "reset", service,
      prose: [prose, "In a UI test, \(reset(resource)) does the same (iOS 13.4 and later, on a device too)."]
        .compactMap(\.self).joined(separator: " "))
  }

  /// `XCUIApplication().resetAuthorizationStatus(for:)`, iOS 13.4 and later [I:XRES], [I:XPR].
  static func reset(_ resource: String) -> String {
    "XCUIApplication().resetAuthorizationStatus(for: .\(resource))"
  }

  static func notDetermined(reads: String, screen: String = "explainThenAsk", seed: SeedStep, sources: [String])
    -> StateDefinition
  {
    StateDefinition(
      .ios, "not-determined", aliases: ["not determined", "never asked", "first launch"],
      whatHappened: "never asked", appReads: "\(reads); a request shows the system prompt", screen: screen,
      proof: reads, seed: seed, requires: [.screenshot, .test], sources: sources + ["I:XRES"], simulator: .absent)
  }

  static func authorized(
    reads: String, screen: String, whatHappened: String = "allowed", seed: SeedStep = prompt("Allow"), sources: [String]
  )
    -> StateDefinition
  {
    StateDefinition(
      .ios, "authorized", aliases: ["authorized", "allowed", "granted"], whatHappened: whatHappened,
      appReads: reads, screen: screen, proof: reads, seed: seed, requires: [.screenshot, .test], sources: sources,
      simulator: .allowed)
  }

  // [I:AVREQ] "The system remembers the user's response to each access alert"; [I:CLREQ]
  // "doesn't prompt again": after a denial only Settings changes it.
  static func denied(reads: String, seed: SeedStep = prompt("Don't Allow"), sources: [String]) -> StateDefinition {
    StateDefinition(
      .ios, "denied", aliases: ["denied"], whatHappened: "denied (“Don't Allow”)",
      appReads: "\(reads); a request does nothing: only Settings changes it", screen: "openSettings", proof: reads,
      seed: seed, requires: [.screenshot, .test], sources: sources + ["I:AVREQ"], simulator: .denied)
  }

  /// No second denial on iOS; `reason` says why for this permission.
  static func deniedTwice(reason: String, sources: [String], basis: FactBasis = .documented)
    -> StateDefinition
  {
    StateDefinition(
      .ios, "denied-twice", aliases: ["denied twice"], whatHappened: "denied twice",
      appReads: "No separate state: .denied", screen: "openSettings", proof: "none", seed: SeedStep(),
      reachable: false, reason: reason, requires: [], sources: sources, basis: basis)
  }

  // [I:AVS] .restricted: "the system imposing restrictions like parental controls"; [I:PHS]
  // "Parental controls or institutional configuration profiles".
  static func restricted(reads: String, sources: [String]) -> StateDefinition {
    StateDefinition(
      .ios, "restricted", aliases: ["restricted"],
      whatHappened: "nothing: Screen Time restrictions or a configuration profile decide it",
      appReads: "\(reads); the user cannot change it", screen: "explainLimitation", proof: reads,
      seed: manual(
        "No simctl privacy service sets it, and the Simulator cannot.",
        dialog: "Screen Time restrictions or an MDM profile on a real device"),
      requires: [.screenshot, .test], sources: sources,
      note: "Whether the Simulator's Screen Time can produce it is UNVERIFIED.")
  }

  /// The reason shared by camera, microphone, photos, contacts and Bluetooth [I:AVREQ].
  static let asksOnce =
    "iOS asks once: after any answer it never shows the prompt again (only Settings changes it), so there is no second denial; .denied covers it."
}
