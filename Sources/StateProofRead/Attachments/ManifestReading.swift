import Foundation
import StateProofModel
import StateProofEvidence
import StateProofSystem

/// What one ``AttachmentManifestReader`` pass collects, and the manifest's folder in the forms
/// its checks need.
struct ManifestReading {
  var manifest: AttachmentManifest
  var devices: Set<String> = []
  /// Entries read, and whether any had a `testIdentifier` or `attachments` key.
  var entries = 0
  var sawManifestKey = false
  let location: EvidenceLocation
  /// The manifest's path relative to the evidence root: the attachments' paths are beside it.
  let manifestPath: String
  /// The folder on disk, and with its links resolved.
  let folder: String
  let resolvedFolder: String

  init(file: DiscoveredFile) {
    manifest = AttachmentManifest(isManifest: true)
    location = file.location()
    manifestPath = file.record.path
    folder = PathBytes.parent(of: file.url.path)
    resolvedFolder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
  }

  mutating func problem(_ message: String) {
    manifest.problems.append(ReadProblem(location: location, message: message))
  }
}
