import Foundation

/// The line `stateproof seed-check --ios --record` appends to a `.jsonl` file, beside Android's
/// records (`platform` tells them apart): what was wanted, what the Simulator's store shows, and
/// what it was decided from (the store, TCC's columns, the app's rows with their raw values, the
/// runtime and Xcode version), so `report` can decide it again and cite it.
package struct SimulatorSeedRecord: Codable, Sendable, Hashable {
  /// Always `ios`.
  package var platform = "ios"
  package var bundle: String
  /// The built-in permission id.
  package var permission: String
  package var wanted: String
  package var found: String
  package var taken: Bool
  /// `tcc`, `locationd` or `bulletin-board`.
  package var store: String
  /// TCC's service, for a TCC read.
  package var service: String?
  /// TCC.db's schema generation, for people, and its columns in order.
  package var schema: String?
  package var columns: [String]?
  /// The app's own rows (or entries), each value as text, as read.
  package var rows: [[String: String]]
  /// The raw value decided from: `auth_value=0 auth_reason=4 auth_version=1`, `no row`.
  package var raw: String
  /// What was seen and not taken: other clients' rows, duplicates, a leftover legacy key.
  package var notes: [String]?
  /// `high`, `medium` or `low`, the store's.
  package var confidence: String
  /// The runtime's iOS version and the Xcode version, when known.
  package var runtime: String?
  package var xcode: String?
  /// The Simulator's UDID (or `booted`), when the store was read from the device.
  package var device: String?
  package var time: String?

  /// The record as one line of JSON with sorted keys (no line end).
  package func jsonLine() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}
