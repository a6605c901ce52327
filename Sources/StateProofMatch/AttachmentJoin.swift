import StateProofModel

/// Joins attachments manifests to the files they exported: the image is read as a screenshot like
/// any other, and its manifest entry (same root, path resolved from the manifest's folder) adds
/// the attachment's name, its test and its device. XCTest's automatic attachments are dropped
/// from the screenshots; their files stay in the inventory.
package enum AttachmentJoin {
  package static func join(_ evidence: EvidenceSet) -> EvidenceSet {
    var byFile: [EvidenceLocation: AttachmentRecord] = [:]
    for attachment in evidence.attachments.sorted() {
      let file = EvidenceLocation(root: attachment.manifest.root, path: attachment.path)
      if byFile[file] == nil { byFile[file] = attachment }
    }
    var joined = evidence
    joined.screenshots = evidence.screenshots.compactMap { shot in
      guard let attachment = byFile[shot.location] else { return shot }
      guard !attachment.isAutomatic else { return nil }
      var shot = shot
      shot.attachmentName = attachment.name
      shot.testIdentifier = attachment.testIdentifier
      shot.device = attachment.device ?? shot.device
      return shot
    }
    return joined
  }
}
