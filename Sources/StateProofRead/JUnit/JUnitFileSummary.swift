import StateProofModel

/// What reading one JUnit file found, beside the executions it delivered one by one.
package struct JUnitFileSummary: Sendable {
  /// The producer the file looks like it came from.
  package var dialect: JUnitDialect = .generic
  /// False when the root element is not `testsuites` or `testsuite` (e.g. a stray manifest): the
  /// file is then not evidence, and that is not a problem.
  package var isTestReport = true
  /// False when the file broke off (malformed, truncated, bad encoding): the executions before the
  /// break were still delivered, and `problems` says where it broke.
  package var isComplete = true
  /// `testsuite` elements met, nested ones included.
  package var suiteCount = 0
  /// Executions delivered, by outcome, before retries are folded.
  package var outcomes = OutcomeCounts()
  /// Suites that report a failure of the test infrastructure rather than of a test, e.g. AGP's
  /// nameless suite with no test cases and a suite-level `system-err` ("PLATFORM ERROR").
  package var infrastructureFailures: [ReadProblem] = []
  /// What made the file unreadable, or parts of it unusable.
  package var problems: [ReadProblem] = []

  package init() {}

  /// Executions delivered.
  package var testCount: Int { outcomes.total }
}
