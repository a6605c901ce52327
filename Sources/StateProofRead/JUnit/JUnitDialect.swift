/// The producer a JUnit file looks like it came from, recognised from the markers each one leaves
/// (see `shared/notes/junit-dialects.md`). Informational: every dialect is read by the same rules.
package enum JUnitDialect: String, Sendable, CaseIterable {
  /// Android Gradle Plugin connected tests: `device`, `flavor` and `project` suite properties.
  case androidConnected = "agp-connected"
  /// Gradle's JVM test task: a `testsuite` root with `hostname` and `timestamp`, no device.
  case gradle
  /// fastlane trainer: `Configuration`, `device` or `repetition` properties, nested suites.
  case fastlaneTrainer = "fastlane-trainer"
  /// xcresultparser: `<bundle>.xctest` suites or a `Session-level issues` suite.
  case xcresultparser
  /// xcbeautify: a `testsuites` root named `All tests`.
  case xcbeautify
  /// `swift test --xunit-output` (XCTest): one suite named `TestResults`, names without `()`.
  case swiftPMXCTest = "swiftpm-xctest"
  /// `swift test --xunit-output` (Swift Testing): a `TestResults` suite, names ending in `)`.
  case swiftTesting = "swift-testing"
  /// Maven Surefire: the surefire report schema, or `flaky*`/`rerun*` results.
  case surefire
  /// pytest `--junitxml`: suites named `pytest`, or `pytest.*` skip types.
  case pytest
  /// xcpretty `--report junit`: a `testsuites` root with only `tests` and `failures` (and, from
  /// 0.3, the test bundle's `name`, `App.xctest`), suites with only `name`, `tests` and
  /// `failures`, each named like its cases' classname (`Target.Class`).
  case xcpretty
  /// Maestro `maestro test --format junit`: suites with a `device` attribute, flows as cases with
  /// `id` and an upper-case `status` (`SUCCESS`, `ERROR`, `WARNING`, `CANCELED`).
  case maestro
  /// Firebase Test Lab's own `test_result_N.xml`, as Flank or `gcloud` download it: one
  /// `hostname="localhost"` suite (Android: nameless, under no `testsuites`; iOS: one per class).
  case firebaseTestLab = "firebase-test-lab"
  /// Flank's merged `JUnitReport.xml`: suites named for a Test Lab device (`NexusLowRes-28-en-portrait`,
  /// `iphonexs-12.1-en-portrait#Class`), `webLink` elements, `flakes` or `testLabExecutionId`.
  case flank
  /// Marathon: `marathon_junit_report.xml`, one per pool (`tests/<pool>/`, a suite named for the
  /// pool, Surefire's `flakyFailure`/`rerunFailure` for retries, no device: its records name it),
  /// or older one-test files with a `testsuite` root named `common` and no `hostname`.
  case marathon
  /// Spoon: one file per device, `junit-reports/<serial>.xml`, in ddmlib's shape (a `testsuite`
  /// root with `hostname`, an empty `properties`); `result.json` beside it names the device.
  case spoon
  /// jest-junit, which Detox writes through: a `testsuites` root named `jest tests`.
  case jestJUnit = "jest-junit"
  /// Bazel's `test.xml`: test cases with `status="run"`.
  case bazel
  /// TestNG's JUnitReportReporter: its comment before the root.
  case testNG = "testng"
  /// Valid JUnit XML with no producer's marker.
  case generic
}
