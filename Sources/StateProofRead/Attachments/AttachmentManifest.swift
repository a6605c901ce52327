import StateProofModel
import StateProofEvidence

/// What reading one `manifest.json` gave: its attachments, the entries it refused, the devices it
/// names, and whether the file was an attachments manifest at all (other tools write
/// `manifest.json` files too).
package struct AttachmentManifest: Sendable {
  package var isManifest: Bool {
    didSet { if isManifest { notManifest = nil } }
  }
  /// When it is no attachments manifest, what it holds instead (for the inventory).
  package var notManifest: String?
  package var attachments: [AttachmentRecord]
  package var problems: [ReadProblem]
  /// Every `deviceName` of its attachments, sorted.
  package var devices: [String]

  package init(
    isManifest: Bool, attachments: [AttachmentRecord] = [], problems: [ReadProblem] = [],
    devices: [String] = []
  ) {
    self.isManifest = isManifest
    self.attachments = attachments
    self.problems = problems
    self.devices = devices
  }
}
