/// Why a file StateProof found is listed but proves nothing, in words for the inventory: one place
/// for the reasons discovery and the readers give files that are not evidence.
package enum NotEvidenceReason {
  /// XML whose root element is `root`, not JUnit's `testsuites` or `testsuite`; a few roots other
  /// tools write beside test results are named.
  package static func xmlRoot(_ root: String) -> String {
    let known: [String: String] = [
      "failsafe-summary": "Maven Failsafe's run summary",
      "issues": "an Android Lint report",
      "checkstyle": "a Checkstyle (or ktlint, detekt) report",
      "report": "a JaCoCo coverage report",
      "coverage": "a Cobertura coverage report",
      "manifest": "an Android manifest",
      "plist": "a property list",
      "resources": "Android resources",
    ]
    let what = known[root].map { "\($0) (root element <\(root)>)" } ?? "XML whose root element is <\(root)>"
    return "\(what), not test results: a JUnit report's root is <testsuites> or <testsuite>"
  }

  /// fastlane's lane report (`fastlane/report.xml`, or where `FL_REPORT_PATH` puts it).
  package static let fastlaneLanes =
    "fastlane's lane report (suite fastlane.lanes): its test cases are the lane's steps (such as 0: default_platform, 1: scan), not tests; the tests a scan step ran are in scan's own report"

  /// A `manifest.json` in no shape of `xcresulttool export attachments`; `detail` says what it holds.
  package static func notAttachmentManifest(_ detail: String) -> String {
    "a manifest.json that is not xcresulttool's attachments manifest (an array of {testIdentifier, attachments} entries): \(detail)"
  }

  /// JSON with none of xcresulttool's keys, read as xcresulttool output for its first key.
  package static let notXCResultJSON =
    "JSON that is no xcresulttool get test-results output: its keys are none of tests, summary or activities"

  /// A file of no kind StateProof reads; `detail` says what it looked like.
  package static func other(_ detail: String) -> String {
    "\(detail); StateProof reads JUnit XML, xcresulttool JSON and attachments manifests, dumpsys seed logs, seed records and images"
  }
}
