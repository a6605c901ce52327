import StateProofModel

/// A screenshot whose header was checked: a real image with known dimensions.
package struct Screenshot: Codable, Sendable, Hashable {
  public var location: EvidenceLocation
  public var format: ImageFormat
  public var width: Int
  public var height: Int
  public var sha256: String
  public var bytes: Int
  public var device: String?
  /// The attachment name (suffix stripped) when it came from an xcresult export.
  public var attachmentName: String?
  /// The test it was attached to, when a manifest says.
  public var testIdentifier: String?
  /// The build its path names (AGP's `releaseAndroidTest/` output folder).
  public var build: BuildIdentity?
  /// When it was taken, when an attachments export says (its `timestamp`).
  public var time: EvidenceTime?

  public init(
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
