import StateProofModel
import StateProofEvidence

/// A screenshot with the row its path or attachment name names by convention, and the prefixed
/// forms of its path that rows' globs are tried against (``EvidencePathForms``), worked out once
/// per report rather than once per row it is checked against.
struct ScreenshotCandidate: Sendable {
  var shot: Screenshot
  var conventionRow: RowID?
  /// Its path with its evidence path's last folders before it, nearest first; empty when no row
  /// has globs.
  var prefixedPaths: [String] = []
}
