import StateProofModel
import StateProofEvidence

/// What reading one xcresulttool JSON file found, beside the executions it delivered one by one.
package struct XCResultFileSummary: Sendable {
  /// The command that printed it; nil when the file is not xcresulttool output after all.
  package var command: XCResultCommand?
  /// False when the JSON broke off or is malformed: what came before still counts.
  package var isComplete = true
  /// Every device the file names, as StateProof names devices (`iPhone 16 (18.6)`), sorted.
  package var devices: [String] = []
  /// A `tests` file's counted totals, or a `summary`'s stated ones.
  package var totals: ResultTotals?
  /// Executions delivered, by outcome (a `tests` file).
  package var outcomes = OutcomeCounts()
  /// Nodes of each type in a `tests` tree, by the spelling the file uses.
  package var nodeTypes: [String: Int] = [:]
  /// Run nodes outside any test case (read nowhere).
  package var strayRuns = 0
  /// An `activities` file's attachments, each with its test and run.
  package var attachments: [ActivityAttachment] = []
  package var problems: [ReadProblem] = []
  /// A `summary`'s `startTime` and `finishTime` (the run's), or the first and last `timestamp`
  /// of an `activities` file's attachments.
  package var time: EvidenceSpan?

  package init() {}
}
