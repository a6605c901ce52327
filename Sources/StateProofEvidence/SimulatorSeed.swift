import StateProofModel

/// An iOS Simulator's store read back after seeding (a `stateproof seed-check --ios` record): one
/// app's permission, the state the store shows and the state the seed step wanted. A store row
/// is what was written, not what the app reads, so the matcher takes it only beside the row's
/// test.
package struct SimulatorSeed: Codable, Sendable, Hashable {
  package var location: EvidenceLocation
  /// The app's bundle id.
  package var bundle: String
  /// The built-in permission id (`camera`).
  package var permission: String
  /// The state the store shows (`denied`), or `unknown`.
  package var state: String
  /// The state the seed step wanted.
  package var wanted: String
  /// `tcc`, `locationd` or `bulletin-board`, and how far it is trusted.
  package var store: String
  package var confidence: String
  /// The store's reading for people: the service, the raw value, TCC's schema.
  package var raw: String
  /// The runtime's iOS version (`17.5`) and the Xcode version, as the record gives them.
  package var runtime: String?
  package var xcode: String?
  /// The device its path names.
  package var device: String?
  package var time: EvidenceTime?

  package init(
    location: EvidenceLocation, bundle: String, permission: String, state: String, wanted: String, store: String,
    confidence: String, raw: String, runtime: String? = nil, xcode: String? = nil, device: String? = nil,
    time: EvidenceTime? = nil
  ) {
    self.location = location
    self.bundle = bundle
    self.permission = permission
    self.state = state
    self.wanted = wanted
    self.store = store
    self.confidence = confidence
    self.raw = raw
    self.runtime = runtime
    self.xcode = xcode
    self.device = device
    self.time = time
  }

  /// The format a file of these records alone is listed with, which makes it the iOS
  /// platform's evidence.
  package static let fileFormat = "seed-check --ios records"

  /// Whether the store shows the state the seed step wanted.
  package var taken: Bool { state == wanted }
}
