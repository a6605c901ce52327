import Foundation

/// Temporary folders a run made (what xcresulttool exported from result bundles), removed when
/// the last value holding them goes away, or by ``InterruptCleanup`` when a signal ends the run
/// first. StateProof created them, so removing them deletes nothing of the user's.
final class TemporaryFolders: Sendable {
  let urls: [URL]

  init(_ urls: [URL]) {
    self.urls = urls
  }

  deinit {
    EvidenceCollector.removeTemporaryFolders(urls)
  }
}
