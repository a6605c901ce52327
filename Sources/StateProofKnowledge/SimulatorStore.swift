/// Where the iOS Simulator keeps a permission's answer, so that a seed step can read it back
/// (`stateproof seed-check --ios`), as Android's `dumpsys package` shows a seeded state: TCC's
/// database for most permissions, locationd's clients list for location, BulletinBoard's section
/// list for notifications. Each is an ordinary file under the device's data folder
/// (`xcrun simctl getenv DEVICE HOME`). Sources: the tools that write and read them,
/// [T:WIXSVC], [T:WIXLOC], [T:IDBSET], [T:XHARNESS], [T:APPIUMPERM], [T:SERVESIM], [T:MVTTCC],
/// [T:AUTOMOBILE], [T:WIXNOTIF].
package struct SimulatorStore: Sendable, Hashable {
  package enum Kind: String, Sendable, Hashable {
    /// `Library/TCC/TCC.db`, table `access`: one row per service and client.
    case tcc
    /// `Library/Caches/locationd/clients.plist`: one entry per client, its `Authorization`.
    case locationd
    /// `Library/BulletinBoard/VersionedSectionInfo.plist`: a keyed archive per app.
    case bulletinBoard = "bulletin-board"
  }

  /// How far a reading of the store can be trusted to say what was written (never what the app
  /// reads: see ``SimulatorStore/appReadsCaveat``).
  package enum Confidence: String, Sendable, Hashable {
    case high, medium, low
  }

  package var kind: Kind
  /// TCC's service name (`kTCCServiceCamera`); nil for the other stores.
  package var service: String?
  package var confidence: Confidence
  package var sources: [String]

  /// A TCC service [T:WIXSVC], [T:APPIUMPERM], [T:IDBSET], [T:XHARNESS]: high confidence.
  static func tcc(_ service: String, sources: [String] = []) -> SimulatorStore {
    SimulatorStore(
      kind: .tcc, service: service, confidence: .high,
      sources: ["T:WIXSVC", "T:APPIUMPERM", "T:XHARNESS", "T:IDBSET", "T:MVTTCC"] + sources)
  }

  /// locationd's clients list [T:WIXLOC], [T:SERVESIM]: medium confidence (the value for
  /// "when in use" written by simctl was not captured by any source).
  static let locationd = SimulatorStore(
    kind: .locationd, service: nil, confidence: .medium, sources: ["T:WIXLOC", "T:SERVESIM"])

  /// BulletinBoard's section list [T:WIXNOTIF], [T:SERVESIM]: low confidence (an archive's keys,
  /// read by no more than two tools, and `allowsNotifications` cannot tell provisional apart).
  static let bulletinBoard = SimulatorStore(
    kind: .bulletinBoard, service: nil, confidence: .low, sources: ["T:WIXNOTIF", "T:SERVESIM"])

  /// The file under the device's data folder.
  package var file: String {
    switch kind {
    case .tcc: "Library/TCC/TCC.db"
    case .locationd: "Library/Caches/locationd/clients.plist"
    case .bulletinBoard: "Library/BulletinBoard/VersionedSectionInfo.plist"
    }
  }

  /// What a reading of `value` looks like in this store, for people.
  package func shows(_ value: SimulatorValue) -> String {
    switch (kind, value) {
    case (_, .absent): kind == .tcc ? "no row" : "no entry"
    case (.tcc, .allowed): "auth_value 2 (before iOS 14: allowed 1)"
    case (.tcc, .denied): "auth_value 0 (before iOS 14: allowed 0)"
    case (.tcc, .limited): "auth_value 3"
    case (.tcc, .always): "—"
    case (.locationd, .denied): "Authorization 1"
    case (.locationd, .allowed): "Authorization 2"
    case (.locationd, .always): "Authorization 4"
    case (.locationd, .limited): "—"
    case (.bulletinBoard, .allowed): "allowsNotifications true"
    case (.bulletinBoard, .denied): "allowsNotifications false"
    case (.bulletinBoard, _): "—"
    }
  }

  /// The value a TCC row's `auth_value` stands for [T:MVTTCC], [T:WIXSVC], [T:SERVESIM],
  /// [T:AUTOMOBILE]: 0 denied, 2 allowed, 3 limited; nil for another (1 "unknown", which no
  /// Simulator tool writes).
  package static func tccValue(authValue: Int) -> SimulatorValue? {
    switch authValue {
    case 0: .denied
    case 2: .allowed
    case 3: .limited
    default: nil
    }
  }

  /// The value of the `allowed` column of TCC's table before iOS 14: 0 denied, 1 allowed
  /// [T:MVTTCC], [T:APPIUMPERM].
  package static func tccValue(allowed: Int) -> SimulatorValue? {
    switch allowed {
    case 0: .denied
    case 1: .allowed
    default: nil
    }
  }

  /// The value of a locationd client's `Authorization` [T:WIXLOC], [T:SERVESIM]: 1 never, 2 when
  /// in use, 4 always; nil for another (0 and 3 are UNVERIFIED).
  package static func locationValue(authorization: Int) -> SimulatorValue? {
    switch authorization {
    case 1: .denied
    case 2: .allowed
    case 4: .always
    default: nil
    }
  }

  /// Why a store's row proves what was written, not what the app reads.
  package static let appReadsCaveat =
    "A store row is what the Simulator wrote, not what the app reads: idb and xharness saw rows with auth_value 2 that the framework still answered notDetermined (auth_reason 4 from simctl, Xcode 15), so until a capture shows this app reads what the store says, a read-back proves the row only together with its test."
}
