import StateProofModel

/// A device as its spelling was read: by its producer's ``DeviceRule`` when a reader hands it
/// over, or as a person's writing (``DeviceRule/identity(written:)``). Matching compares these
/// fields and never parses the spelling again.
package struct DeviceIdentity: Sendable, Hashable {
  /// The device as it was spelled, e.g. `Pixel 8 - 14`, `NexusLowRes-28-en-portrait`.
  package var spelling: String
  /// The producer whose rule read it; nil for text a person wrote.
  package var producer: DeviceProducer?
  /// The name the spelling gives: the model, an AVD's name, a serial (`Pixel 8`, `NexusLowRes`).
  package var name: String
  /// The OS version as written (an Android API level or release, an iOS version).
  package var os: String?
  /// True when ``os`` is an Android API level (Test Lab's `-28-`), not a release.
  package var osIsAPILevel = false
  /// True when the spelling marks an Android Virtual Device, `Name(AVD)`.
  package var isAVD = false
  /// An emulator's serial, `emulator-5554`, lowercased.
  package var serial: String?
  /// The platform the spelling tells by itself (Test Lab's model ids).
  package var platform: Platform?
  /// A setting that makes the same model another configuration (Test Lab's `en-portrait`).
  package var setting: String?

  package init(
    spelling: String, producer: DeviceProducer?, name: String? = nil, os: String? = nil,
    osIsAPILevel: Bool = false, platform: Platform? = nil, setting: String? = nil
  ) {
    self.spelling = spelling
    self.producer = producer
    self.name = name ?? spelling
    self.os = os
    self.osIsAPILevel = osIsAPILevel
    self.platform = platform
    self.setting = setting
  }

  /// Which of two identities handed over for one spelling is kept: the one whose producer comes
  /// first in the device table, so the choice does not depend on the order files are read in.
  package static func kept(_ first: DeviceIdentity, _ second: DeviceIdentity) -> DeviceIdentity {
    let order = DeviceProducer.allCases
    let rank = { (identity: DeviceIdentity) in identity.producer.flatMap(order.firstIndex) ?? order.count }
    return rank(second) < rank(first) ? second : first
  }
}
