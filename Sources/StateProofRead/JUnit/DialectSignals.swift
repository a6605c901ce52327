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
  /// xcpretty's shape (REXML, from its `junit.rb`): a root with exactly `tests` and `failures`;
  /// suites with nothing beyond `name`, `tests`, `failures`; cases whose classname is their
  /// suite's name. `xcprettyCases` counts the cases checked (the first few).
  var xcprettyRoot = false
  var xcprettyShape = true
  var xcprettyCases = 0
  static let xcprettyCasesChecked = 16

  /// Notes a suite's `name`.
  mutating func suiteNamed(_ name: UnsafePointer<UInt8>, isRoot: Bool) {
    if isRoot {
      if JUnitNames.allTests.matches(name) { xcbeautify = true }
      if JUnitNames.pytestTests.matches(name) { pytest = true }
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
    if testNG { return .testNG }
    if surefire { return .surefire }
    if bazel { return .bazel }
    if pytest { return .pytest }
    if androidProperties > 0 { return .androidConnected }
    if trainer { return .fastlaneTrainer }
    if xcresultparser { return .xcresultparser }
    if xcbeautify { return .xcbeautify }
    if swiftPM { return namesWithParentheses ? .swiftTesting : .swiftPMXCTest }
    if rootIsSuite, rootHasHostname { return .gradle }
    if xcprettyRoot, xcprettyShape, xcprettyCases > 0 { return .xcpretty }
    return .generic
  }
}
