import StateProofModel

/// One attachment a result bundle records for a test: what it is called, when it was taken, in
/// which run, and where its bytes are (`Data/data.<payloadID>`, zstd or raw). Both readers of a
/// bundle yield it: the object graph's `ActionTestSummary` and the `Attachments` table of
/// `database.sqlite3`.
package struct XCResultBundleAttachment: Sendable, Hashable {
  /// The test, as `nodeIdentifier` spells it: `Suite/test()`.
  package var testIdentifier: String?
  /// `XCTAttachment.name` (`kXCTAttachmentLegacyScreenImageData` for XCTest's own screenshots).
  package var name: String?
  /// The file name the bundle gives it (`Launch Screen_0_<UUID>.png`); its extension may lie.
  package var filename: String?
  /// The uniform type the bundle states (`public.png`); it may lie too: the bytes decide.
  package var uniformType: String?
  /// The attachment's own UUID (the database's `uuid`; the object graph names none).
  package var uuid: String?
  /// The payload's id: its bytes are `Data/data.<payloadID>`. Untrusted: a path is only made
  /// from it through ``dataPath``.
  package var payloadID: String?
  /// The size of the payload's object on disk; nil when the bundle does not say, or lacks it (a
  /// bundle kept with only its database has no screenshots).
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

  /// The payload's file relative to the bundle, `Data/data.<id>`; nil when the id is missing or
  /// is not one a bundle writes (so it cannot name anything outside `Data/`).
  package var dataPath: String? {
    guard let payloadID, XCResultObjectID.isValid(payloadID) else { return nil }
    return "Data/data.\(payloadID)"
  }
}
