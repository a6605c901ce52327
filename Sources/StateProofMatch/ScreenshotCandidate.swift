import StateProofModel
import StateProofEvidence

/// A screenshot with the row its path or attachment name names by convention, worked out once
/// per report rather than once per row it is checked against.
struct ScreenshotCandidate: Sendable {
  var shot: Screenshot
  var conventionRow: RowID?
}
