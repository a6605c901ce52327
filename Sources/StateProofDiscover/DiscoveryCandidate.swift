import Foundation
import StateProofModel
import StateProofEvidence

/// A file the walk over the evidence roots found, before its content is looked at: either
/// settled already (refused, or a link that is not followed) or still to be examined (hashed and
/// classified) by ``EvidenceDiscovery/examine(_:deferJUnitHashing:)``, which may run on any thread.
package enum DiscoveryCandidate: Sendable {
  /// Indirect: the walk's list holds one candidate per file, so each costs the size of the
  /// common case's names, not of a whole discovered file.
  indirect case settled(DiscoveredFile)
  /// A regular file (or a link to one inside its root) named `name` in the file-system folder
  /// `folder` (one string shared by every file of the folder), listed as `path` under `root`;
  /// `bytes` is its size when the walk saw it.
  case toExamine(folder: String, name: String, root: String, path: String, bytes: Int)

  /// The file's size as the walk saw it; 0 for a settled file, which is not read.
  package var bytes: Int {
    switch self {
    case .settled: 0
    case .toExamine(_, _, _, _, let bytes): bytes
    }
  }
}
