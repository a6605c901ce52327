import StateProofModel

/// A screenshot whose header was checked: a real image with known dimensions.
package struct Screenshot: Codable, Sendable, Hashable {
  package var location: EvidenceLocation
  package var format: ImageFormat
  package var width: Int
  package var height: Int
  package var sha256: String
  package var bytes: Int
  package var device: String?
  /// The attachment name (suffix stripped) when it came from an xcresult export.
  package var attachmentName: String?
  /// The test it was attached to, when a manifest says.
  package var testIdentifier: String?
  /// The build its path names (AGP's `releaseAndroidTest/` output folder).
  package var build: BuildIdentity?
  /// When it was taken, when an attachments export says (its `timestamp`).
  package var time: EvidenceTime?

  package init(
    location: EvidenceLocation, format: ImageFormat, width: Int, height: Int, sha256: String,
    bytes: Int, device: String? = nil, attachmentName: String? = nil, testIdentifier: String? = nil
  ) {
    self.location = location
    self.format = format
    self.width = width
    self.height = height
    self.sha256 = sha256
    self.bytes = bytes
    self.device = device
    self.attachmentName = attachmentName
    self.testIdentifier = testIdentifier
  }
}
