import StateProofModel
import StateProofEvidence

/// What reading one JUnit file found, beside the executions it delivered one by one.
package struct JUnitFileSummary: Sendable {
  /// The producer the file looks like it came from.
  package var dialect: JUnitDialect = .generic
  /// False when the root element is not `testsuites` or `testsuite` (e.g. a stray manifest), or the
  /// file is fastlane's lane report: the file is then not evidence, and that is not a problem.
  package var isTestReport = true
  /// Why the file is no test report (its root element, fastlane's lane report); nil when it is one.
  package var notTestReport: String?
  /// False when the file broke off (malformed, truncated, bad encoding): the executions before the
  /// break were still delivered, and `problems` says where it broke.
  package var isComplete = true
  /// `testsuite` elements met, nested ones included.
  package var suiteCount = 0
  /// Executions delivered, by outcome, before retries are folded.
  package var outcomes = OutcomeCounts()
  /// Test runs the file records as stopped before they finished (see ``JUnitReader``), sorted.
  package var incompleteRuns: [IncompleteRun] = []
  /// Every device the file names, in `device` properties of suites and cases (kept or not) and in
  /// its AGP path; sorted.
  package var devices: [String] = []
  /// The identities the producers' rules give devices the file or its path names (a Test Lab
  /// folder, a Flank suite, Maestro's attribute), sorted by spelling.
  package var deviceIdentities: [DeviceIdentity] = []
  /// The first and last `timestamp` of its suites (and cases); nil when it has none that reads
  /// as a time.
  package var time: EvidenceSpan?
  /// What made the file unreadable, or parts of it unusable.
  package var problems: [ReadProblem] = []

  package init() {}

  /// Executions delivered.
  package var testCount: Int { outcomes.total }
}
