import StateProofModel
import StateProofEvidence

/// What a result bundle's `database.sqlite3` holds that StateProof uses, spelled as the
/// object-graph reader yields it (`XCResultBundleYield`, the same attachment type), so one maps
/// onto the other: every attempt of every test, the run destinations, the attachments, the issues no test
/// owns, and what Xcode wrote it.
package struct XCResultDatabaseReading: Sendable {
  /// `26.1 (17B100)`: the Xcode the run's actions name, when the database says.
  package var xcodeVersion: String?
  /// One per attempt (each retry, repetition and test case run on its own), spelled as the
  /// xcresulttool JSON reader spells executions; fold them with ``RetryFolding``.
  package var attempts: [TestExecution] = []
  /// Every run destination's device, in the order the database lists them.
  package var devices: [XCResultDatabaseDevice] = []
  /// Every attachment, with the run that took it.
  package var attachments: [XCResultBundleAttachment] = []
  /// Issues no test case run owns (a suite's setup failing, a crash between tests): the run did
  /// not finish as planned (`run-incomplete`).
  package var incompleteRuns: [IncompleteRun] = []
  /// Why the database could not be read, or what in it was not understood, naming it.
  package var problems: [ReadProblem] = []
  /// The database was not read because it and its log were too large to copy
  /// (``SQLiteError/logTooLarge(path:logs:bytes:limit:)``): a reading of the bundle's object
  /// graph, which the database could not check, says so too.
  package var logTooLarge = false
  /// Test case runs by the database's own `result` (`Success`, `Failure`, …), before folding.
  package var runResults: [String: Int] = [:]

  package init() {}

  /// The attempts folded as every test reader folds them: one execution per test, device,
  /// configuration and set of arguments.
  package var executions: [TestExecution] { RetryFolding.fold(attempts) }
}
