import StateProofModel

/// Joins attachments manifests to the files they exported: the image is read as a screenshot like
/// any other, and its manifest entry (same root, path resolved from the manifest's folder) adds
/// the attachment's name, its test and its device. XCTest's automatic attachments are dropped
/// from the screenshots; their files stay in the inventory.
package enum AttachmentJoin {
  package static func join(_ evidence: EvidenceSet) -> EvidenceSet {
    // Only files read as screenshots are looked up, so only their attachments are indexed: a
    // manifest of 100,000 entries adds no table of its own. Where two attachments name one
    // file, the first in (manifest, path) order wins, ties in reading order.
    let screenshots = Set(evidence.screenshots.map(\.location))
    var byFile: [EvidenceLocation: AttachmentRecord] = [:]
    for attachment in evidence.attachments {
      let file = EvidenceLocation(root: attachment.manifest.root, path: attachment.path)
      guard screenshots.contains(file) else { continue }
      if let kept = byFile[file], !(attachment < kept) { continue }
      byFile[file] = attachment
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
