import StateProofModel
import StateProofEvidence

/// One open `testsuite` or `testsuites` element while a JUnit file streams past.
struct SuiteFrame {
  /// `testsuites` roots carry no device in any known dialect: cases never wait for one there.
  var isRoot: Bool
  var name: String?
  /// When the suite ran, from its `timestamp`.
  var timestamp: EvidenceTime?
  /// The device this suite's `device` property names, applying to every case inside it.
  var device: String?
  /// The OS a saucectl `platform` property names (`Android 14`), which spells the device with it.
  var platform: String?
  /// True once this suite can no longer name a device: its `properties` closed, a test case
  /// opened directly in it, the suite closed, or the reader stopped waiting because too many
  /// cases were held.
  var isSettled: Bool
  /// True when the reader stopped waiting for this suite's device before it was settled.
  var stoppedWaiting = false
  /// Cases inside this suite whose device depends on a property this suite may still declare,
  /// in document order; nil for a case the reader does not keep, which still holds its place.
  var waiting: [TestExecution?] = []
  /// Test cases inside this suite, nested suites included.
  var caseCount = 0
  /// xcresultparser's `Session-level issues` suite, which holds issues recorded outside any test.
  var isSessionIssues = false
  /// The line of the suite's own `system-err`.
  var systemErrLine: Int?
  /// The start of the suite's own `system-err`, when it held more than blanks.
  var systemErrStart: String?
  /// The suite's own `system-err` from the line with a marker of a stopped run, if it has one.
  var systemErrStop: String?
  /// Stopped runs recorded inside this suite that wait for the device it or an enclosing suite
  /// may still name, as cases do.
  var stops: [IncompleteRun] = []
}
