import StateProofModel

/// One attachment listed in an `xcresulttool export attachments` manifest, with the exported file
/// it names resolved inside the manifest's folder. The image file itself is read as a screenshot;
/// this record supplies what the file cannot say: the attachment's name, its test and its device.
package struct AttachmentRecord: Codable, Sendable, Hashable, Comparable {
  /// The manifest that lists it.
  package var manifest: EvidenceLocation
  /// `exportedFileName` as the manifest wrote it.
  package var exportedFileName: String
  /// The exported file's path relative to the evidence root, like every other evidence path.
  package var path: String
  /// `XCTAttachment.name`: the suggested human-readable name without its `_<index>_<UUID>.<ext>`.
  package var name: String?
  /// `suggestedHumanReadableName` as the manifest wrote it, which an `activities` file repeats.
  package var suggestedName: String?
  /// The test it was attached to, e.g. `CameraStateScreenTests/testDeniedOffersSettingsAfterTap()`.
  package var testIdentifier: String?
  /// The run destination, e.g. `iPhone 16`.
  package var device: String?
  package var isAssociatedWithFailure: Bool?
  /// XCTest's automatic `UI Snapshot` and `Debug description` attachments: noise, never evidence.
  package var isAutomatic: Bool
  /// When it was attached: the manifest's `timestamp`.
  package var time: EvidenceTime?

  package init(
    manifest: EvidenceLocation, exportedFileName: String, path: String, name: String? = nil,
    suggestedName: String? = nil, testIdentifier: String? = nil, device: String? = nil,
    isAssociatedWithFailure: Bool? = nil,
    isAutomatic: Bool = false
  ) {
    self.manifest = manifest
    self.exportedFileName = exportedFileName
    self.path = path
    self.name = name
    self.suggestedName = suggestedName
    self.testIdentifier = testIdentifier
    self.device = device
    self.isAssociatedWithFailure = isAssociatedWithFailure
    self.isAutomatic = isAutomatic
  }

  /// XCTest adds attachments of these names by itself (one per `waitForExistence` poll); they
  /// never show a state.
  package static let automaticNames: Set<String> = [
    "UI Snapshot", "Debug description",
    // Xcode 11–14 result bundles: the screenshot XCTest takes by itself at each UI step.
    "kXCTAttachmentLegacyScreenImageData",
  ]

  package static func < (lhs: AttachmentRecord, rhs: AttachmentRecord) -> Bool {
    (lhs.manifest, lhs.path) < (rhs.manifest, rhs.path)
  }
}
