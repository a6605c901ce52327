import StateProofModel

/// One attachment a result bundle records for a test: what it is called, when it was taken, in
/// which run, and where its bytes are (`Data/data.<payloadID>`, zstd or raw).
package struct XCResultBundleAttachment: Sendable, Hashable {
  /// The test, as `nodeIdentifier` spells it: `Suite/test()`.
  package var testIdentifier: String?
  /// `XCTAttachment.name` (`kXCTAttachmentLegacyScreenImageData` for XCTest's own screenshots).
  package var name: String?
  /// The file name the bundle gives it (`Launch Screen_0_<UUID>.png`); its extension may lie.
  package var filename: String?
  /// The uniform type the bundle states (`public.png`); it may lie too: the bytes decide.
  package var uniformType: String?
  /// The payload's id: its bytes are `Data/data.<payloadID>`.
  package var payloadID: String?
  package var payloadSize: Int?
  /// The run's device as StateProof names devices (`iPhone 16 (18.6)`), configuration and arguments.
  package var device: String?
  package var configuration: String?
  package var arguments: String?
  package var time: EvidenceTime?
  package var isAssociatedWithFailure = false

  package init(testIdentifier: String?, name: String?) {
    self.testIdentifier = testIdentifier
    self.name = name
  }
}
