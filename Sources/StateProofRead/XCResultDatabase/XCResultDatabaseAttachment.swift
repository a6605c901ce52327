import StateProofModel

/// One attachment from the `Attachments` table, tied to the test run it was taken in (the
/// fields of the object-graph reader's `XCResultBundleAttachment`).
package struct XCResultDatabaseAttachment: Sendable, Hashable {
  /// The test, e.g. `CameraTests/testDenied()` (xcresulttool's `nodeIdentifier`).
  package var testIdentifier: String?
  /// `XCTAttachment.name`.
  package var name: String?
  /// The file name the attachment was given (`filenameOverride`, Xcode 16 and later).
  package var filename: String?
  /// The type the attachment claims (`public.png`); the bytes decide the real format.
  package var uniformType: String?
  package var uuid: String?
  /// The object holding the bytes, as the database wrote it (untrusted: read the bytes through
  /// ``dataPath``, which is nil for an id that could leave `Data/`).
  package var payloadID: String?
  /// The size of that object on disk; nil when the bundle lacks it (a bundle kept with only its
  /// database has no screenshots).
  package var payloadSize: Int?
  /// The run's device as StateProof names devices (`iPhone 16 (18.6)`).
  package var device: String?
  package var configuration: String?
  package var arguments: String?
  /// When it was attached.
  package var time: EvidenceTime?
  /// Whether it was attached to a failure (an issue of the run).
  package var isAssociatedWithFailure: Bool

  /// The bytes' file relative to the bundle, `Data/data.<id>`; nil when the id is missing or
  /// could name anything outside `Data/` (a `/`, `..`, a control character).
  package var dataPath: String? {
    guard let payloadID, !payloadID.isEmpty, payloadID.utf8.count <= 256, !payloadID.contains(".."),
      payloadID.unicodeScalars.allSatisfy({ Self.idCharacters.contains($0) })
    else { return nil }
    return "Data/data.\(payloadID)"
  }

  /// What object ids are made of: `0~` and base64url, `=` padding.
  private static let idCharacters = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789~_-=+.".unicodeScalars)
}
