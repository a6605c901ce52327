import StateProofModel

/// The iOS states most permissions share, built for one permission from what its app reads and
/// its own screens. Sources: the status enums [I:AVS], [I:PHS], [I:CNS], [I:CBA], [I:CLS],
/// [I:UNS]; "the system remembers the user's response" [I:AVREQ]; resetting [I:XRES].
enum IOSStates {
  /// How to seed a permission's states on iOS, where one way exists.
  struct Seeds {
    var notDetermined: String
    var authorized = IOSStates.manual
    var denied = IOSStates.manual
  }

  static let manual = "manual or via the debug launch argument"

  /// `xcrun simctl privacy booted ACTION SERVICE BUNDLE` (Simulator only; help text of
  /// `xcrun simctl privacy`, Xcode 11.4 and later [C:SIMCTL]).
  static func simctl(_ action: String, _ service: String) -> String {
    "xcrun simctl privacy booted \(action) \(service) BUNDLE"
  }

  /// `XCUIApplication().resetAuthorizationStatus(for:)`, iOS 13.4 and later [I:XRES], [I:XPR].
  static func reset(_ resource: String) -> String {
    "XCUIApplication().resetAuthorizationStatus(for: .\(resource))"
  }

  static func notDetermined(reads: String, screen: String = "explainThenAsk", seed: String, sources: [String])
    -> StateDefinition
  {
    StateDefinition(
      .ios, "not-determined", aliases: ["not determined", "never asked", "first launch"],
      whatHappened: "never asked", appReads: "\(reads); a request shows the system prompt", screen: screen,
      proof: reads, seed: seed, requires: [.screenshot, .test], sources: sources + ["I:XRES"])
  }

  static func authorized(reads: String, screen: String, whatHappened: String = "allowed", seed: String, sources: [String])
    -> StateDefinition
  {
    StateDefinition(
      .ios, "authorized", aliases: ["authorized", "allowed", "granted"], whatHappened: whatHappened,
      appReads: reads, screen: screen, proof: reads, seed: seed, requires: [.screenshot, .test], sources: sources)
  }

  // [I:AVREQ] "The system remembers the user's response to each access alert"; [I:CLREQ]
  // "doesn't prompt again": after a denial only Settings changes it.
  static func denied(reads: String, seed: String, sources: [String]) -> StateDefinition {
    StateDefinition(
      .ios, "denied", aliases: ["denied"], whatHappened: "denied (“Don't Allow”)",
      appReads: "\(reads); a request does nothing: only Settings changes it", screen: "openSettings", proof: reads,
      seed: seed, requires: [.screenshot, .test], sources: sources + ["I:AVREQ"])
  }

  /// No second denial on iOS; `reason` says why for this permission.
  static func deniedTwice(reason: String, sources: [String], basis: FactBasis = .documented)
    -> StateDefinition
  {
    StateDefinition(
      .ios, "denied-twice", aliases: ["denied twice"], whatHappened: "denied twice",
      appReads: "No separate state: .denied", screen: "openSettings", proof: "none", seed: "none",
      reachable: false, reason: reason, requires: [], sources: sources, basis: basis)
  }

  // [I:AVS] .restricted: "the system imposing restrictions like parental controls"; [I:PHS]
  // "Parental controls or institutional configuration profiles".
  static func restricted(reads: String, sources: [String]) -> StateDefinition {
    StateDefinition(
      .ios, "restricted", aliases: ["restricted"],
      whatHappened: "nothing: Screen Time restrictions or a configuration profile decide it",
      appReads: "\(reads); the user cannot change it", screen: "explainLimitation", proof: reads,
      seed: "\(manual) (Screen Time or an MDM profile on a real device; the Simulator cannot set it)",
      requires: [.screenshot, .test], sources: sources,
      note: "Whether the Simulator's Screen Time can produce it is UNVERIFIED.")
  }

  /// The reason shared by camera, microphone, photos, contacts and Bluetooth [I:AVREQ].
  static let asksOnce =
    "iOS asks once: after any answer it never shows the prompt again (only Settings changes it), so there is no second denial; .denied covers it."
}
