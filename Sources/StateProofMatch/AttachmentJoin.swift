import StateProofModel
import StateProofEvidence

/// Joins attachments to the files `export attachments` wrote: the image is read as a screenshot
/// like any other, and what Apple's own data says of it is added: its attachment name, its test
/// its device and when it was attached (the file's inventory entry gets that time too).
///
/// - An `activities` file names each attachment's UUID, which is the exported file's name
///   (`<UUID>.<ext>`), and the run it was taken in (device with its OS, configuration,
///   arguments); failing the UUID, its name joins it to the manifest entry that suggests the same
///   name. This is the closest tie, and wins.
/// - A manifest entry (same root, path resolved from the manifest's folder) gives the test and
///   the device's name.
///
/// XCTest's automatic attachments are dropped from the screenshots; their files stay in the
/// inventory.
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
    // Activities by root and UUID (as exported files are named, upper case), and by the name
    // xcresulttool suggested; the first in reading order wins.
    var byUUID: [String: ActivityAttachment] = [:]
    var byName: [String: ActivityAttachment] = [:]
    for activity in evidence.activityAttachments {
      if let uuid = activity.uuid {
        byUUID[activity.location.root + "\u{0}" + uuid.uppercased()] =
          byUUID[activity.location.root + "\u{0}" + uuid.uppercased()] ?? activity
      }
      if let name = activity.suggestedName {
        byName[activity.location.root + "\u{0}" + name] = byName[activity.location.root + "\u{0}" + name] ?? activity
      }
    }
    var joined = evidence
    joined.screenshots = evidence.screenshots.compactMap { shot in
      let attachment = byFile[shot.location]
      let root = shot.location.root + "\u{0}"
      let activity =
        byUUID[root + stem(of: shot.location.path).uppercased()]
        ?? attachment?.suggestedName.flatMap { byName[root + $0] }
      guard attachment != nil || activity != nil else { return shot }
      let name = activity?.name ?? attachment?.name
      if attachment?.isAutomatic == true || name.map(AttachmentRecord.automaticNames.contains) == true { return nil }
      var shot = shot
      shot.attachmentName = name
      shot.testIdentifier = activity?.testIdentifier ?? attachment?.testIdentifier
      shot.device = activity?.device ?? attachment?.device ?? shot.device
      shot.time = activity?.time ?? attachment?.time
      return shot
    }
    let times = Dictionary(
      joined.screenshots.compactMap { shot in shot.time.map { (shot.location, $0) } },
      uniquingKeysWith: { first, _ in first })
    if !times.isEmpty {
      joined.files = joined.files.map { file in
        guard file.kind == .screenshot, let time = times[EvidenceLocation(root: file.root, path: file.path)] else {
          return file
        }
        var file = file
        file.time = EvidenceSpan(from: time, to: time)
        return file
      }
    }
    return joined
  }

  /// The file name without its folder and extension: `5E0C…C10` of `attachments/5E0C…C10.png`.
  private static func stem(of path: String) -> Substring {
    let name = path.split(separator: "/").last ?? Substring(path)
    return name.lastIndex(of: ".").map { name[..<$0] } ?? name
  }
}
