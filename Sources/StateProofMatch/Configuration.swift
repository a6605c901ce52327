import StateProofKnowledge
import StateProofModel

/// A team's `stateproof.json`: the app, its platforms and receipts, and the permissions and rows
/// to cover. Every field is optional; the built-in camera matrix fills the gaps.
package struct Configuration: Sendable, Equatable {
  package var app: String?
  package var release: String?
  /// Whether a test that passed only on retry proves its row.
  package var flaky: FlakyPolicy = .pass
  /// Whether every row must be covered on every release device (a row × device grid).
  package var perDevice = false
  /// Known gaps accepted for this sign-off.
  package var allow: [Allowance] = []
  /// Permissions the app declares that the sign-off answers by not covering them, with why.
  package var exclude: [DeclarationExclusion] = []
  /// How old evidence may be, measured back from the newest evidence or `--built-at`; nil for
  /// no limit.
  package var window: EvidenceWindow?
  package var platforms: [Platform: PlatformSettings] = [:]
  package var permissions: [PermissionSettings] = [
    PermissionSettings(id: PlatformKnowledge.defaultPermission)
  ]

  package init() {}

  package enum FlakyPolicy: String, Sendable, Equatable {
    case pass
    case fail
  }

  package struct PlatformSettings: Sendable, Equatable {
    package var appId: String?
    package var receipt: String?
    package var releaseDevices: [String] = []
    /// Path globs saying which evidence files come from this platform.
    package var evidence: [String] = []
    /// The build under test (`versionName`, `versionCode`, `variant`); nil when none is named.
    package var build: BuildIdentity?
    /// Android: the API level the app targets (`targetSdkVersion`); nil to read it from the
    /// `targetSdk=` of the app's block in the seed read-backs.
    package var targetSdk: Int?

    package init() {}
  }

  package struct PermissionSettings: Sendable, Equatable {
    package var id: String
    package var android: String?
    package var ios: String?
    /// Row keys (`blocked` or `android/blocked`) to include; nil includes every known row.
    package var include: [String]?
    /// Per-row settings by key (`blocked` applies on every platform with that state).
    package var rows: [String: RowSettings] = [:]
    /// Why `include` leaves rows out: required when it leaves out a row the platform can reach.
    package var reason: String?
    /// What in the app's files declares a permission of the configuration's own besides its
    /// `android` name: `Info.plist` keys (`NSFaceIDUsageDescription`), other Android names.
    package var declarations: [String] = []

    package init(id: String) {
      self.id = id
    }
  }

  package struct RowSettings: Sendable, Equatable {
    package var tests: [String]?
    package var screenshots: [String]?
    /// Globs naming the seed logs written for this row (the state they wanted).
    package var seeds: [String]?
    package var requires: [EvidenceKind]?
    /// The row's words: required for a row StateProof does not know; for a known one they
    /// replace the built-in words.
    package var whatHappened: String?
    package var appReads: String?
    package var screen: String?
    /// The OS versions the row applies to on each platform (`"android": ">=13"`).
    package var android: VersionRange?
    package var ios: VersionRange?
    /// The app target SDKs the row applies to (`"targetSdk": ">=31"`, API levels), Android only.
    package var targetSdk: VersionRange?
    /// Why the row departs from the built-in matrix: required when it asks less of the evidence
    /// (fewer kinds in `requires`, a narrower OS range) and when it has its own selectors or globs.
    package var reason: String?

    package func range(on platform: Platform) -> VersionRange? {
      switch platform {
      case .android: android
      case .ios: ios
      }
    }

    package init() {}
  }
}
