import StateProofModel

/// What reading one `manifest.json` gave: its attachments, the entries it refused, and whether
/// the file was an attachments manifest at all (other tools write `manifest.json` files too).
package struct AttachmentManifest: Sendable {
  package var isManifest: Bool
  package var attachments: [AttachmentRecord]
  package var problems: [ReadProblem]

  package init(isManifest: Bool, attachments: [AttachmentRecord] = [], problems: [ReadProblem] = []) {
    self.isManifest = isManifest
    self.attachments = attachments
    self.problems = problems
  }
}
