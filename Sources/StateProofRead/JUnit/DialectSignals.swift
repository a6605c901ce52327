import StateProofModel
import StateProofEvidence

/// The producer markers seen while a JUnit file streams past, decided into a ``JUnitDialect`` at
/// the end. Each check is a byte comparison on values the reader looks at anyway.
struct DialectSignals {
  var sawRoot = false
  var rootIsSuite = false
  var rootHasHostname = false
  var testNG = false
  var surefire = false
  var pytest = false
  var bazel = false
  var androidProperties = 0
  var trainer = false
  var xcresultparser = false
  var xcbeautify = false
  var swiftPM = false
  var namesWithParentheses = false
  /// Maestro: a suite's `device` attribute, or a case's upper-case `status`.
  var maestro = false
  /// Flank's merged report: a `webLink` element, a suite's `flakes` or `testLabExecutionId`, or a
  /// suite under `testsuites` named for a Test Lab device.
  var flank = false
  /// The file is named as Test Lab names its results (`test_result_0.xml`).
  var testLabFileName = false
  /// The file is named as Marathon names its report per pool (`marathon_junit_report.xml`),
  /// whose Surefire-style `flakyFailure` and `rerunFailure` make it no Surefire report.
  var marathonFileName = false
  /// A suite, root or not, has a `hostname` (ddmlib's and Test Lab's `localhost`).
  var suiteHostname = false
  /// The serial a file named as Spoon names its report per device, `junit-reports/<serial>.xml`,
  /// gives; nil for other names (see ``spoonSerial``).
  var spoonFileSerial: String?
  /// A `testsuite` root named `common`, as Marathon names its one-test files' suite.
  var rootSuiteCommon = false
  /// jest-junit's default root name, `jest tests`.
  var jest = false
  /// xcpretty's shape (REXML, from its `junit.rb`): a root with exactly `tests` and `failures`
  /// (and, from 0.3, a `name` ending in `.xctest`);
  /// suites with nothing beyond `name`, `tests`, `failures`; cases whose classname is their
  /// suite's name. `xcprettyCases` counts the cases checked (the first few).
  var xcprettyRoot = false
  var xcprettyShape = true
  var xcprettyCases = 0
  static let xcprettyCasesChecked = 16

  /// Notes the file's path: Test Lab names its results `test_result_N.xml`, Marathon its report
  /// per pool `marathon_junit_report.xml`, Spoon its report per device `junit-reports/<serial>.xml`.
  init(path: String) {
    let components = path.split(separator: "/")
    let name = components.last ?? ""
    testLabFileName =
      name.hasPrefix("test_result_") && name.hasSuffix(".xml")
      && name.dropFirst("test_result_".count).dropLast(".xml".count).allSatisfy { $0.isASCII && $0.isNumber }
      && name.count > "test_result_.xml".count
    marathonFileName = name.hasPrefix("marathon_junit_report") && name.hasSuffix(".xml")
    if components.dropLast().last == "junit-reports", name.hasSuffix(".xml"),
      SpoonDevice.isSerial(name.dropLast(".xml".count))
    {
      spoonFileSerial = String(name.dropLast(".xml".count))
    }
  }

  /// The device serial of Spoon's report per device: a file named `junit-reports/<serial>.xml`
  /// in ddmlib's shape (a `testsuite` root with `hostname`, which Spoon's `XmlTestRunListener`
  /// inherits), known once the root's attributes are read, before any test case.
  var spoonSerial: String? {
    rootIsSuite && rootHasHostname ? spoonFileSerial : nil
  }

  /// Notes a suite's `name` (`text`, as the reader keeps it); `underRoot` when a `testsuites` root
  /// holds the suite, as Flank's merged suites named for a Test Lab device are.
  mutating func suiteNamed(_ name: UnsafePointer<UInt8>, text: String, isRoot: Bool, underRoot: Bool) {
    if !isRoot, underRoot, !flank, TestLabDevice.spelled(text) != nil { flank = true }
    if isRoot {
      if JUnitNames.allTests.matches(name) { xcbeautify = true }
      if JUnitNames.pytestTests.matches(name) { pytest = true }
      if JUnitNames.jestTests.matches(name) { jest = true }
    } else if JUnitNames.pytest.matches(name) {
      pytest = true
    } else if JUnitNames.testResults.matches(name) {
      swiftPM = true
    } else if JUnitNames.sessionLevelIssues.matches(name) || JUnitText.contains(name, ".xctest") {
      xcresultparser = true
    }
  }

  /// Notes a property's `name`.
  mutating func property(_ name: UnsafePointer<UInt8>) {
    if JUnitNames.project.matches(name) || JUnitNames.flavor.matches(name) {
      androidProperties += 1
    } else if JUnitNames.configuration.matches(name) || JUnitNames.repetition.matches(name) {
      trainer = true
    }
  }

  /// Notes a test case's `name` by its last byte (nil for an empty or missing name).
  mutating func caseNamed(endingWith last: UInt8?) {
    if !namesWithParentheses, last == UInt8(ascii: ")") { namesWithParentheses = true }
  }

  /// The producer these markers point to, the most specific first.
  var dialect: JUnitDialect {
    if marathonFileName { return .marathon }
    if testNG { return .testNG }
    if surefire { return .surefire }
    if bazel { return .bazel }
    if pytest { return .pytest }
    if maestro { return .maestro }
    // Test Lab's own files carry `flakes` too (gcloud and Flank download them as they are); only
    // the merged report is Flank's.
    if testLabFileName, suiteHostname { return .firebaseTestLab }
    if flank { return .flank }
    if jest { return .jestJUnit }
    if androidProperties > 0 { return .androidConnected }
    if trainer { return .fastlaneTrainer }
    if xcresultparser { return .xcresultparser }
    if xcbeautify { return .xcbeautify }
    if swiftPM { return namesWithParentheses ? .swiftTesting : .swiftPMXCTest }
    if spoonSerial != nil { return .spoon }
    if rootIsSuite, rootHasHostname { return .gradle }
    if rootIsSuite, rootSuiteCommon { return .marathon }
    if xcprettyRoot, xcprettyShape, xcprettyCases > 0 { return .xcpretty }
    return .generic
  }
}
