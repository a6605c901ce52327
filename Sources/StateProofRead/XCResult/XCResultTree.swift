import StateProofJSON
import StateProofModel
import StateProofEvidence

/// The second pass over a `tests` file: walks the node tree knowing each node's type from the
/// ``XCResultSkeleton``, and delivers each test case's executions when the case ends.
///
/// Inside a `Test Case`, the innermost run nodes (`Device`, `Test Plan Configuration`,
/// `Arguments`, `Repetition`, `Test Case Run`) are its executions, each with the device,
/// configuration and arguments of the run nodes above it; attempts of one run (`Repetition`,
/// `Test Case Run`) fold as retries do (mixed results are `flaky`). A case with no run node is one
/// execution. `Failure Message` nodes give their run its message, whole; `Source Code Reference`,
/// `Attachment`, `Expression`, `Test Value`, `Runtime Warning` and unlisted types are counted
/// (by the survey) and otherwise passed through.
///
/// Results: `Passed`; `Failed`; `Skipped` (its message says why); `Expected Failure`, a pass whose
/// message says it was expected to fail; any other or no result proves nothing (skipped, with a
/// message saying so).
struct XCResultTree {
  let file: DiscoveredFile
  let skeleton: XCResultSkeleton
  let devices: [XCResultDevice]
  let configurations: [String: String]
  /// The device for runs the file does not place on one (`inspect --device`).
  let fallbackDevice: String?
  let deliver: (TestExecution) -> Void

  /// Test cases by their own `result`, for the summary check.
  private(set) var totals: ResultTotals
  /// Executions delivered, by outcome.
  private(set) var outcomes = OutcomeCounts()
  /// Run nodes outside any test case: read nowhere, counted so they are not lost silently.
  private(set) var strayRuns = 0
  private var nextIndex = 0
  private let devicesByID: [String: XCResultDevice]

  init(
    file: DiscoveredFile, survey: XCResultSurvey, fallbackDevice: String?,
    deliver: @escaping (TestExecution) -> Void
  ) {
    self.file = file
    skeleton = survey.skeleton
    devices = survey.devices
    configurations = survey.configurations
    self.fallbackDevice = fallbackDevice
    self.deliver = deliver
    totals = ResultTotals(
      location: file.location(), source: .tests, devices: Array(Set(survey.devices.compactMap(\.display))).sorted())
    devicesByID = Dictionary(
      survey.devices.compactMap { device in device.deviceId.map { ($0, device) } },
      uniquingKeysWith: { first, _ in first })
  }

  /// Reads the document again, this time its `testNodes`.
  mutating func read(_ parser: inout JSONPullParser) throws(JSONError) {
    guard try parser.next() == .objectStart else { return }
    var root = XCResultContext()
    // One device (or configuration) for the whole run: every test ran on it.
    if devices.count == 1 { root.device = devices[0] }
    if configurations.count == 1 { root.configuration = configurations.values.first }
    while case .key(let key)? = try parser.next() {
      guard key == "testNodes" else {
        try parser.skipValue()
        continue
      }
      try XCResultSurvey.eachObject(in: &parser) { (parser: inout JSONPullParser) throws(JSONError) in
        strayRuns += try node(&parser, inherited: root).runs.executions.count
      }
    }
  }

  /// One node, its `{` read; returns what its parent takes in.
  private mutating func node(_ parser: inout JSONPullParser, inherited: XCResultContext) throws(JSONError)
    -> XCResultYield
  {
    let index = nextIndex
    nextIndex += 1
    let line = parser.position.line
    let type = skeleton.type(of: index)
    let facts = skeleton.facts(of: index)
    var context = inherited
    switch type {
    case .device: context.device = device(facts)
    case .testPlanConfiguration:
      context.configuration = facts?.name ?? facts?.identifier.flatMap { configurations[$0] }
    case .arguments: context.arguments = facts?.name
    case .testSuite: context.suite = facts?.name
    case .unitTestBundle, .uiTestBundle: context.bundle = facts?.name
    default: break
    }
    let startsCase = type == .testCase && !inherited.inCase
    if startsCase { context.inCase = true }
    var name: String?
    var identifier: String?
    var result: String?
    var seconds: Double?
    var yield = XCResultYield()
    while case .key(let key)? = try parser.next() {
      switch XCResultNodeKey(key) {
      case .name: name = try parser.lenientString()
      case .nodeIdentifier: identifier = try parser.lenientString()
      case .result: result = try parser.lenientString()
      case .durationInSeconds: seconds = try parser.lenientNumber()?.double
      case .children:
        try XCResultSurvey.eachObject(in: &parser) { (parser: inout JSONPullParser) throws(JSONError) in
          yield.merge(try node(&parser, inherited: context))
        }
      default: try parser.skipValue()
      }
    }
    let time = seconds.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    if startsCase {
      finishCase(
        name: name, identifier: identifier, result: result, seconds: time, yield: yield, context: context, line: line)
      return XCResultYield()
    }
    if type == .failureMessage, context.inCase {
      var message = XCResultYield()
      if let name { message.add(message: name) }
      return message
    }
    if type.isRun, context.inCase {
      if yield.runs.isEmpty {
        yield.runs.add(run(result: result, seconds: time, messages: yield, context: context, line: line))
        yield.clearMessages()
      } else if let message = yield.message {
        yield.runs = Self.giving(message, to: yield.runs)
        yield.clearMessages()
      }
    }
    return yield
  }

  /// A test case ended: its runs (or itself, without any) become executions with its identity.
  private mutating func finishCase(
    name: String?, identifier: String?, result: String?, seconds: Double?, yield: XCResultYield,
    context: XCResultContext, line: Int
  ) {
    totals.total += 1
    switch result {
    case "Passed": totals.passed += 1
    case "Failed": totals.failed += 1
    case "Skipped": totals.skipped += 1
    case "Expected Failure": totals.expectedFailures += 1
    default: break
    }
    var runs = yield.runs
    if runs.isEmpty {
      runs.add(run(result: result, seconds: seconds, messages: yield, context: context, line: line))
    } else if let message = yield.message {
      runs = Self.giving(message, to: runs)
    }
    let (classname, testName) = Self.identity(identifier: identifier, name: name, context: context)
    let executions = runs.executions
    if devices.count > 1 {
      totals.perDeviceTotal = (totals.perDeviceTotal ?? 0) + max(Set(executions.map(\.device)).count, 1)
    }
    for var execution in executions {
      execution.classname = classname
      execution.name = testName
      outcomes[execution.outcome] += 1
      deliver(execution)
    }
  }

  /// `Suite/test()` → (`Suite`, `test()`); nested suites (`Outer/Inner/test()`) join with `.`, as
  /// trainer writes them. Without a `nodeIdentifier`, the enclosing suite and the node's name.
  static func identity(identifier: String?, name: String?, context: XCResultContext) -> (String, String) {
    if let identifier, let slash = identifier.lastIndex(of: "/") {
      let classname = identifier[..<slash].split(separator: "/").joined(separator: ".")
      return (classname, String(identifier[identifier.index(after: slash)...]))
    }
    return (context.suite ?? context.bundle ?? "", identifier ?? name ?? "")
  }

  /// One execution from a run node (or a case without any), its identity still to come.
  private func run(
    result: String?, seconds: Double?, messages: XCResultYield, context: XCResultContext, line: Int
  ) -> TestExecution {
    let (outcome, message) = Self.outcome(result: result, message: messages.message)
    return TestExecution(
      location: file.location(line: line), classname: "", name: "",
      device: context.device?.display ?? fallbackDevice, outcome: outcome, time: seconds, message: message,
      configuration: context.configuration, arguments: context.arguments, os: context.device?.os)
  }

  /// The outcome and message a `result` stands for.
  static func outcome(result: String?, message: String?) -> (TestOutcome, String?) {
    switch result {
    case "Passed": return (.passed, nil)
    case "Failed": return (.failed, message)
    case "Skipped": return (.skipped, message)
    case "Expected Failure":
      return (.passed, "Expected failure" + (message.map { ": \($0)" } ?? ""))
    case let other?:
      return (
        .skipped, "xcresulttool gives the result \"\(other)\", which proves nothing" + (message.map { ": \($0)" } ?? "")
      )
    case nil:
      return (.skipped, "xcresulttool gives no result, which proves nothing" + (message.map { ": \($0)" } ?? ""))
    }
  }

  /// The runs, with `message` given to each failure or skip that has none (messages written
  /// beside the runs, not inside them).
  private static func giving(_ message: String, to runs: RetryFolding) -> RetryFolding {
    var given = RetryFolding()
    for var run in runs.executions {
      if run.message == nil, run.outcome == .failed || run.outcome == .skipped || run.outcome == .flaky {
        run.message = message
      }
      given.add(run)
    }
    return given
  }

  /// The device a `Device` node names: the one in `devices` with its id, else the only one of its
  /// name, else as the node describes it.
  private func device(_ facts: XCResultSkeleton.Facts?) -> XCResultDevice? {
    guard let facts else { return nil }
    if let identifier = facts.identifier, let known = devicesByID[identifier] { return known }
    let named = devices.filter { $0.deviceName == facts.name }
    if named.count == 1 { return named[0] }
    return XCResultDevice(node: facts.name, identifier: facts.identifier, details: facts.details)
  }
}
