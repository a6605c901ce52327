import Testing

@testable import StateProofMatch
@testable import StateProofModel
import StateProofEvidence

/// Manifest entries joined to the screenshots they exported.
@Suite struct AttachmentJoinTests {
  private func shot(_ path: String) -> Screenshot {
    Screenshot(
      location: EvidenceLocation(root: "e", path: path), format: .png, width: 1, height: 1, sha256: path,
      bytes: 1, device: "from path")
  }

  private func attachment(_ manifest: String, _ path: String, name: String, automatic: Bool = false)
    -> AttachmentRecord
  {
    AttachmentRecord(
      manifest: EvidenceLocation(root: "e", path: manifest), exportedFileName: path, path: path, name: name,
      testIdentifier: "T/\(name)()", device: "iPhone 16", isAutomatic: automatic)
  }

  @Test func theFirstManifestInOrderNamesAFile() {
    var evidence = EvidenceSet(screenshots: [shot("x/a.png"), shot("x/b.png"), shot("x/c.png")])
    evidence.attachments = [
      attachment("z/manifest.json", "x/a.png", name: "later manifest"),
      attachment("x/manifest.json", "x/a.png", name: "first manifest"),
      attachment("x/manifest.json", "x/b.png", name: "first of a tie"),
      attachment("x/manifest.json", "x/b.png", name: "second of a tie"),
      attachment("x/manifest.json", "x/not-a-screenshot.txt", name: "text"),
      attachment("x/manifest.json", "x/c.png", name: "UI Snapshot", automatic: true),
    ]
    let joined = AttachmentJoin.join(evidence)
    #expect(joined.screenshots.map(\.attachmentName) == ["first manifest", "first of a tie"])
    #expect(joined.screenshots.map(\.testIdentifier) == ["T/first manifest()", "T/first of a tie()"])
    #expect(joined.screenshots.map(\.device) == ["iPhone 16", "iPhone 16"])
    #expect(joined.attachments == evidence.attachments)
  }
}
