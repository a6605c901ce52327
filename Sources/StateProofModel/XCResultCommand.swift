/// Which `xcrun xcresulttool` command printed a JSON file, told from its top-level keys (the
/// commands' schemas share few; key order is not stable, so all of them are looked at). The keys
/// are here, where discovery sees them too; the read stage tells the command from them. A file's
/// record carries it (``FileRecord/xcresultCommand``); `report.json` writes its ``commandLine``.
public enum XCResultCommand: String, Codable, Sendable, Hashable, CaseIterable {
  /// `get test-results tests`: the test tree, read for every test execution.
  case tests
  /// `get test-results summary`: totals and devices, read to name devices and check the tree.
  case summary
  /// `get test-results activities --test-id ID`: the runs of one test and the attachments each
  /// took, read to tie exported screenshots to their run.
  case activities
  /// `get test-results test-details --test-id ID`: known, not read (`tests` holds the same runs).
  case testDetails = "test-details"
  /// `get object --legacy` (the pre-Xcode 16 format, deprecated): known, not read.
  case legacyObject = "legacy-object"

  /// The command line that printed it, as the report's inventory writes it (`format`).
  public var commandLine: String {
    switch self {
    case .tests: "xcresulttool get test-results tests"
    case .summary: "xcresulttool get test-results summary"
    case .activities: "xcresulttool get test-results activities"
    case .testDetails: "xcresulttool get test-results test-details"
    case .legacyObject: "xcresulttool get object --legacy"
    }
  }

  /// Why a command's output is not read, and what to give instead; nil for those read.
  package var unsupportedReason: String? {
    switch self {
    case .tests, .summary, .activities: nil
    case .testDetails:
      "the output of xcresulttool get test-results test-details, which StateProof does not read: "
        + "give it `xcrun xcresulttool get test-results tests --path X.xcresult --format json` instead, which holds every test's runs"
    case .legacyObject:
      "the output of xcresulttool get object --legacy (the format before Xcode 16), which StateProof does not read: "
        + "give it `xcrun xcresulttool get test-results tests --path X.xcresult --format json` (Xcode 16 or later) instead"
    }
  }

  /// Keys only `tests` has.
  package static let testsKeys: Set<String> = ["testNodes"]
  /// Keys only `summary` has: those that tell it (its `title`, `result` and counts also tell
  /// `inspect` to look closer, but a blog post has a title too).
  package static let summaryKeys: Set<String> = [
    "environmentDescription", "topInsights", "totalTestCount", "devicesAndConfigurations", "testFailures",
  ]
  /// The rest of a summary's keys.
  package static let otherSummaryKeys: Set<String> = [
    "title", "result", "passedTests", "failedTests", "skippedTests", "expectedFailures", "statistics", "finishTime",
  ]
  /// Keys only `test-details` has: those that tell it.
  package static let detailsKeys: Set<String> = [
    "testDescription", "testResult", "hasPerformanceMetrics", "hasMediaAttachments",
  ]
  /// The rest of its keys.
  package static let otherDetailsKeys: Set<String> = [
    "duration", "durationInSeconds", "arguments", "tags", "bugs", "functionName",
  ]
  /// Keys `activities` has (`test-details` has them too).
  package static let activitiesKeys: Set<String> = ["testIdentifier", "testIdentifierURL", "testName", "testRuns"]
  /// Keys several commands share.
  package static let sharedKeys: Set<String> = ["devices", "testPlanConfigurations", "startTime"]

  /// Keys of `get object --legacy`'s invocation record; every legacy object has `_type`.
  package static let legacyKeys: Set<String> = ["_type", "actions", "metadataRef"]

  /// Every top-level key of the commands above: a JSON object opening with one of them is taken
  /// for xcresulttool output until all its keys say otherwise.
  package static let knownKeys: Set<String> =
    testsKeys.union(summaryKeys).union(otherSummaryKeys).union(detailsKeys).union(otherDetailsKeys)
    .union(activitiesKeys).union(sharedKeys).union(legacyKeys)
}
