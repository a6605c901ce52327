import Foundation
import Testing

@testable import StateProofKnowledge
@testable import StateProofModel
import StateProofTestSupport

/// The built-in platform knowledge, state by state: the names issue 16's table gives, the facts
/// issue 21 corrected, the OS ranges and the sources, and the generated document.
@Suite struct PlatformKnowledgeTests {
  static let androidStates: [String: [String]] = [
    "camera": [
      "not-asked", "granted", "denied-once", "blocked", "policy-denied", "policy-granted", "one-time", "auto-revoked",
      "sensor-off",
    ],
    "microphone": [
      "not-asked", "granted", "denied-once", "blocked", "policy-denied", "policy-granted", "one-time", "auto-revoked",
      "sensor-off",
    ],
    "location": [
      "not-asked", "precise", "approximate", "background", "background-denied", "background-blocked", "denied-once",
      "blocked", "policy-denied", "policy-granted", "one-time", "auto-revoked",
    ],
    "photos": [
      "not-asked", "granted", "partial", "partial-compat", "denied-once", "blocked", "policy-denied", "policy-granted",
      "auto-revoked",
    ],
    "notifications": [
      "not-asked", "granted", "denied-once", "blocked", "policy-denied", "policy-granted", "pre-granted",
    ],
    "contacts": ["not-asked", "granted", "denied-once", "blocked", "policy-denied", "policy-granted", "auto-revoked"],
    "bluetooth": [
      "not-asked", "granted", "denied-once", "blocked", "policy-denied", "policy-granted", "auto-revoked",
      "revoked-in-settings",
    ],
    "medialocation": common, "audio": common, "wifi": common, "sensors": common, "sensorsbackground": common,
    "motion": [
      "not-asked", "granted", "denied-once", "blocked", "policy-denied", "policy-granted", "revoked-in-settings",
    ],
    "tracking": [], "calendar": common, "reminders": [],
  ]
  static let common = [
    "not-asked", "granted", "denied-once", "blocked", "policy-denied", "policy-granted", "auto-revoked",
  ]

  /// Reachable iOS states (unreachable ones are listed apart).
  static let iosStates: [String: [String]] = [
    "camera": ["not-determined", "authorized", "denied", "restricted"],
    "microphone": ["not-determined", "authorized", "denied", "restricted"],
    "location": [
      "not-determined", "when-in-use", "always", "provisional-always", "temporary-full-accuracy", "reduced-accuracy",
      "allow-once", "denied", "restricted",
    ],
    "photos": ["not-determined", "authorized", "limited", "denied", "restricted"],
    "notifications": ["not-determined", "authorized", "provisional", "denied"],
    "contacts": ["not-determined", "authorized", "limited", "denied", "restricted"],
    "bluetooth": ["not-determined", "authorized", "denied", "restricted"],
    "medialocation": [], "audio": [], "wifi": [], "sensors": [], "sensorsbackground": [],
    "motion": ["not-determined", "authorized", "denied", "restricted"],
    "tracking": ["not-determined", "authorized", "denied", "restricted"],
    "calendar": ["not-determined", "authorized", "write-only", "denied", "restricted"],
    "reminders": ["not-determined", "authorized", "denied", "restricted"],
  ]

  @Test(arguments: PlatformKnowledge.permissions.map(\.id))
  func eachPermissionHasItsStates(id: String) throws {
    let permission = try #require(PlatformKnowledge.permission(id))
    #expect(permission.states(on: .android).map(\.state) == Self.androidStates[id])
    #expect(permission.states(on: .ios).filter(\.reachable).map(\.state) == Self.iosStates[id])
    #expect(permission.states(on: .android).allSatisfy { $0.reachable }, "Android has no state that never happens")
  }

  /// Every state says what happened, what the app reads, the screen, the proof and how to seed,
  /// with sources the register knows; a limited or unreachable one says why.
  @Test(arguments: PlatformKnowledge.permissions.map(\.id))
  func everyStateIsCompleteAndSourced(id: String) throws {
    let permission = try #require(PlatformKnowledge.permission(id))
    for state in permission.states {
      let name = "\(id) \(state.platform.rawValue)/\(state.state)"
      #expect(!state.sources.isEmpty, "\(name) has no source")
      for source in state.sources { #expect(PlatformKnowledge.source(source) != nil, "\(name): \(source)") }
      guard state.reachable else {
        #expect(state.reason?.isEmpty == false && state.requires.isEmpty, "\(name)")
        continue
      }
      for text in [state.whatHappened, state.appReads, state.screen, state.proof, state.seed.text] {
        #expect(!text.isEmpty, "\(name)")
      }
      if state.os != nil {
        #expect(state.reason?.isEmpty == false, "\(name) is limited to \(state.os!) without a reason")
      }
      #expect(!state.requires.isEmpty, "\(name)")
      // Every version's seed is a command or, where none reaches it, a dialog step; a command
      // starts with adb or xcrun and names the app by its placeholder, never a real id.
      for variant in state.seedVariants {
        #expect(variant.step.isShell || variant.step.dialog != nil, "\(name): \(variant.step)")
        for command in variant.step.commands {
          #expect(command.hasPrefix("adb ") || command.hasPrefix("xcrun "), "\(name): \(command)")
          #expect(!command.contains("  ") && !command.contains("&&"), "\(name): one command, words apart: \(command)")
        }
      }
    }
    for fact in permission.facts {
      for source in fact.sources { #expect(PlatformKnowledge.source(source) != nil, "\(id) fact: \(source)") }
    }
  }

  /// Location, photos and the rest speak of their own screens, never the camera's.
  @Test func wordingIsPerPermissionNotTheCamerasDefaults() throws {
    for permission in PlatformKnowledge.permissions where permission.id != "camera" {
      for state in permission.states where state.reachable {
        let words = [state.whatHappened, state.appReads, state.screen].joined(separator: " ").lowercased()
        #expect(!words.contains("viewfinder") && !words.contains("capture"), "\(permission.id)/\(state.state)")
      }
    }
    let location = try #require(PlatformKnowledge.permission("location"))
    #expect(location.states.first { $0.state == "precise" }?.screen == "map-precise")
    #expect(
      location.android?.names == [
        "android.permission.ACCESS_FINE_LOCATION", "android.permission.ACCESS_COARSE_LOCATION",
        "android.permission.ACCESS_BACKGROUND_LOCATION",
      ])
    let photos = try #require(PlatformKnowledge.permission("photos"))
    #expect(
      Set(photos.android?.names ?? []) == [
        "android.permission.READ_MEDIA_IMAGES", "android.permission.READ_MEDIA_VIDEO",
        "android.permission.READ_MEDIA_VISUAL_USER_SELECTED", "android.permission.READ_EXTERNAL_STORAGE",
      ])
  }

  /// iOS notifications: no restricted status, provisional from iOS 12, ephemeral only for App Clips.
  @Test func iosNotificationsHaveProvisionalAndNoRestricted() throws {
    let notifications = try #require(PlatformKnowledge.permission("notifications"))
    let ios = notifications.states(on: .ios)
    #expect(!ios.contains { $0.state == "restricted" })
    #expect(!(notifications.ios?.values.map(\.name).contains(".restricted") ?? true))
    let provisional = try #require(ios.first { $0.state == "provisional" })
    #expect(provisional.reachable && provisional.os == .ios(from: 12))
    let ephemeral = try #require(ios.first { $0.state == "ephemeral" })
    #expect(!ephemeral.reachable && ephemeral.reason?.contains("App Clip") == true)
    // Android: a runtime permission from 13 only, every row says why not before.
    for state in notifications.states(on: .android) {
      #expect(state.os == .android(from: 33) && state.reason?.contains("Before Android 13") == true, "\(state.state)")
    }
  }

  /// "Denied twice is unreachable" holds on iOS for every permission, each for its own reason:
  /// location asks again after Allow Once, which is a reachable row.
  @Test func iosLocationHasAReachableAllowOnceAndItsOwnReasons() throws {
    let location = try #require(PlatformKnowledge.permission("location"))
    let allowOnce = try #require(location.states.first { $0.platform == .ios && $0.state == "allow-once" })
    #expect(allowOnce.reachable && allowOnce.os == .ios(from: 13))
    #expect(allowOnce.appReads.contains(".notDetermined"))
    func twice(_ id: String) -> String? {
      PlatformKnowledge.permission(id)?.states.first { $0.platform == .ios && $0.state == "denied-twice" }?.reason
    }
    #expect(twice("location")?.contains("Allow Once") == true)
    #expect(twice("notifications")?.contains("provisional") == true)
    #expect(twice("camera") != twice("location") && twice("location") != twice("notifications"))
  }

  /// One-time exists for camera, microphone and location (Android 11+), the privacy switch for
  /// camera and microphone (12+), partial photos from 14, auto-revoke on every runtime permission
  /// but notifications (unverified there).
  @Test func androidStatesExistWhereAndroidHasThem() throws {
    func state(_ id: String, _ name: String) -> StateDefinition? {
      PlatformKnowledge.permission(id)?.states.first { $0.platform == .android && $0.state == name }
    }
    for id in ["camera", "microphone", "location"] { #expect(state(id, "one-time")?.os == .android(from: 30)) }
    for id in ["photos", "notifications", "contacts", "bluetooth"] { #expect(state(id, "one-time") == nil, "\(id)") }
    for id in ["camera", "microphone"] { #expect(state(id, "sensor-off")?.os == .android(from: 31)) }
    #expect(state("photos", "partial")?.os == .android(from: 34))
    #expect(state("location", "approximate")?.os == .android(from: 31))
    #expect(state("location", "background")?.os == .android(from: 29))
    #expect(state("bluetooth", "granted")?.os == .android(from: 31))
    #expect(state("notifications", "auto-revoked") == nil)
    #expect(state("camera", "policy-denied")?.formerNames == ["policy-fixed"])
  }

  /// Blocked is "denied twice" from Android 11 (API 30), the "Don't ask again" box before.
  @Test func blockedWordingFollowsTheAPILevel() throws {
    let blocked = try #require(PlatformKnowledge.permission("camera")?.states.first { $0.state == "blocked" })
    let api29 = blocked.words(on: [.android(api: 29)])
    let api34 = blocked.words(on: [.android(api: 34)])
    #expect(api29.whatHappened.contains("Don't ask again"))
    #expect(api34.whatHappened == "denied twice")
    #expect(api29.seed != api34.seed)
    let both = blocked.words(on: [.android(api: 34), .android(api: 29)]).whatHappened
    #expect(both.contains("Don't ask again") && both.contains("denied twice (Android 11 and later)"))
    #expect(
      blocked.words(on: []).whatHappened.contains("Android 6 to 10"), "with no version known, the words cover all")
  }

  @Test(arguments: [
    ("14", 34), ("14.0", 34), ("12", 31), ("12L", 32), ("12l", 32), ("8.1.0", 27), ("7.1.1", 25), ("6.0.1", 23),
    ("VanillaIceCream", 35), ("API 33", 33), ("17", 37),
  ])
  func androidReleasesReadAsAPILevels(release: String, api: Int) {
    #expect(AndroidRelease.apiLevel(release: release) == api)
  }

  @Test func versionRangesReadAndCompare() throws {
    let thirteen = try VersionRange.parse(">=13", platform: .android)
    #expect(thirteen == .android(from: 33) && thirteen.description == "Android 13 and later")
    #expect(!thirteen.contains(.android(api: 32)) && thirteen.contains(.android(api: 33)))
    let old = try VersionRange.parse("<=12L", platform: .android)
    #expect(old.contains(.android(api: 32)) && !old.contains(.android(api: 33)))
    let band = try VersionRange.parse(">=6, <11", platform: .android)
    #expect(band.description == "Android 6 to 10")
    let exact = try VersionRange.parse("14", platform: .ios)
    #expect(exact.contains(.ios(14, 6)) && !exact.contains(.ios(15)) && !exact.contains(.ios(13, 7)))
    #expect(throws: VersionRangeError.self) { try VersionRange.parse(">=banana", platform: .android) }
    #expect(throws: VersionRangeError.self) { try VersionRange.parse(">=14, <13", platform: .android) }
    #expect(throws: VersionRangeError.self) { try VersionRange.parse("", platform: .ios) }
  }

  /// The configuration guide's table of the built-in states (docs/configuration.md, "The built-in
  /// matrix") is the data's own (issue 29): every row of it, as
  /// `platform-knowledge-doc --readme-states` prints it.
  @Test func theGuidesStateTableMatchesTheData() throws {
    let guide = try String(
      contentsOf: PackageRoot.url("docs/configuration.md"), encoding: .utf8)
    for line in KnowledgeDocument.stateTable(linked: false).dropFirst(2) {
      #expect(guide.contains("\n\(line)\n"), "docs/configuration.md lacks or differs: \(line)")
    }
    let listed = guide.split(separator: "\n").filter {
      $0.hasPrefix("| `") && $0.contains("`not-") && !$0.hasPrefix("| `--")
    }
    #expect(
      listed.count == PlatformKnowledge.permissions.count,
      "docs/configuration.md lists \(listed.count) permissions' states")
  }

  /// `docs/platform-knowledge.md` is generated from the data: a change to the data without
  /// `scripts/gen-platform-knowledge` fails here (and in CI, which runs the script's --check).
  @Test func theGeneratedDocumentIsCurrent() throws {
    let path = PackageRoot.url("docs/platform-knowledge.md")
    let committed = try String(contentsOf: path, encoding: .utf8)
    #expect(committed == KnowledgeDocument.markdown(), "run scripts/gen-platform-knowledge")
    for permission in PlatformKnowledge.permissions {
      for state in permission.states { #expect(committed.contains("| `\(state.state)` |")) }
    }
    for source in PlatformKnowledge.sources { #expect(committed.contains("| \(source.id) |")) }
  }
}
