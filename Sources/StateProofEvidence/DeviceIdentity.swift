import StateProofModel

/// A device as a reader hands it over: the spelling the producer wrote (the name shown) and what
/// the producer's ``DeviceRule`` tells of it, so matching reads these fields instead of parsing
/// the spelling again. Fields a rule does not tell are nil, and matching then reads the spelling
/// as it reads a release device a person wrote.
package struct DeviceIdentity: Sendable, Hashable {
  /// The device as the producer spelled it, e.g. `NexusLowRes-28-en-portrait`.
  package var spelling: String
  package var producer: DeviceProducer
  /// The model the spelling names (Test Lab's model id, `NexusLowRes`), when the rule tells it.
  package var model: String?
  /// The OS version as written (an Android API level or release, an iOS version).
  package var os: String?
  /// True when ``os`` is an Android API level (Test Lab's `-28-`), not a release.
  package var osIsAPILevel = false
  /// The platform the spelling tells by itself (Test Lab's model ids).
  package var platform: Platform?
  /// A setting that makes the same model another configuration (Test Lab's `en-portrait`).
  package var setting: String?

  package init(
    spelling: String, producer: DeviceProducer, model: String? = nil, os: String? = nil,
    osIsAPILevel: Bool = false, platform: Platform? = nil, setting: String? = nil
  ) {
    self.spelling = spelling
    self.producer = producer
    self.model = model
    self.os = os
    self.osIsAPILevel = osIsAPILevel
    self.platform = platform
    self.setting = setting
  }

  /// Which of two identities handed over for one spelling is kept: the one whose producer comes
  /// first in the device table, so the choice does not depend on the order files are read in.
  package static func kept(_ first: DeviceIdentity, _ second: DeviceIdentity) -> DeviceIdentity {
    let order = DeviceProducer.allCases
    return order.firstIndex(of: second.producer)! < order.firstIndex(of: first.producer)! ? second : first
  }
}
