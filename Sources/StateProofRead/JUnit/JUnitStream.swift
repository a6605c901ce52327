import Foundation
import StateProofModel

/// The state of one pass over a JUnit file: the open suites, the open test case, and the cases
/// waiting for a device. ``JUnitReader`` feeds it nodes; it hands finished executions to `deliver`.
///
/// Devices named after the cases (fastlane trainer writes a target suite's `properties` after its
/// child suites) are handled by holding a case while some enclosing suite could still name its
/// device, and no more than ``maxWaitingCases`` cases in all; past that the reader stops waiting,
/// delivers them with what is known, and reports a problem if a device is named later. A suite
/// can name its device until its `properties` close, its first direct test case opens, or it
/// closes; so flat reports (every dialect but trainer) hold nothing.
///
/// With a `mayKeep` check, a case whose classname and name it both rules out is counted but never
/// made into strings nor delivered; while held it keeps its place, so holding works as without.
struct JUnitStream {
  /// The most cases held back waiting for a device. Trainer target suites hold a few hundred;
  /// 10,000 executions keep the held memory around a few megabytes.
  static let maxWaitingCases = 10_000

  let file: DiscoveredFile
  /// The device for cases no suite names one for: from the path, else the caller's default.
  let fallbackDevice: String?
  let deliver: (TestExecution) -> Void
  /// A byte-level check of a case's classname or name; nil keeps every case.
  let mayKeep: ((UnsafeBufferPointer<UInt8>) -> Bool)?

  var summary = JUnitFileSummary()
  private var suites: [SuiteFrame] = []
  private var openCase: OpenTestCase?
  private var waitingCount = 0
  /// Whose `properties` are open: a suite's (its index), a test case's, or none.
  private var propertiesOwner: PropertiesOwner = .none
  /// Where the next text goes, while inside an element whose first text line is wanted.
  private var capture: Capture?
  private var signals = DialectSignals()
  /// The last classname read, reused while consecutive cases share it (the usual layout).
  private var lastClassname = ReusedString()
  /// The current case's name, copied out of libxml2's buffer until it is known to be kept.
  private var nameBytes: [UInt8] = []

  private enum PropertiesOwner {
    case none
    case suite(Int)
    case testCase
  }

  private struct Capture {
    var element: JUnitElement
    var target: Target

    enum Target {
      case caseMessage(OpenTestCase.MessageSlot)
      case suiteResult(Int)
      case systemErr(Int)
    }
  }

  init(
    file: DiscoveredFile, fallbackDevice: String?,
    mayKeep: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil,
    deliver: @escaping (TestExecution) -> Void
  ) {
    self.file = file
    self.fallbackDevice = fallbackDevice
    self.mayKeep = mayKeep
    self.deliver = deliver
  }

  // MARK: Nodes

  /// Handles a start element; returns false when the root shows the file is not a test report.
  mutating func start(_ reader: XMLPushParser) -> Bool {
    guard let name = reader.localName else { return true }
    let element = JUnitElement(name: name)
    if !signals.sawRoot {
      signals.sawRoot = true
      guard element == .testsuites || element == .testsuite else { return false }
      signals.rootIsSuite = element == .testsuite
    }
    guard let element else { return true }
    switch element {
    case .testsuites, .testsuite:
      startSuite(element, reader)
    case .properties:
      if openCase != nil {
        propertiesOwner = .testCase
      } else if !suites.isEmpty {
        propertiesOwner = .suite(suites.count - 1)
      }
    case .property:
      property(reader)
    case .testcase:
      startCase(reader)
    case .failure, .error, .skipped, .flakyFailure, .flakyError, .rerunFailure, .rerunError:
      result(element, reader)
    case .systemErr:
      if openCase == nil, !suites.isEmpty {
        capture = Capture(element: element, target: .systemErr(suites.count - 1))
      }
    }
    return true
  }

  mutating func end(_ reader: XMLPushParser) {
    guard let name = reader.localName, let element = JUnitElement(name: name) else { return }
    if let capture, capture.element == element {
      // A result written in the suite with neither a message nor text still tells of a failure.
      if case .suiteResult(let index) = capture.target, index < suites.count {
        suites[index].suiteResults.append("<\(element.spelling.spelling)> with no message")
      }
      self.capture = nil
    }
    switch element {
    case .testsuites, .testsuite: endSuite()
    case .testcase: endCase()
    case .properties: endProperties()
    default: break
    }
  }

  mutating func text(_ reader: XMLPushParser) {
    guard let capture, let value = reader.textValue, let line = JUnitText.firstLine(value) else {
      return
    }
    switch capture.target {
    case .caseMessage(let slot):
      if openCase?.needsMessage(in: slot) == true { openCase?.setMessage(line, in: slot) }
    case .suiteResult(let index):
      if index < suites.count { suites[index].suiteResults.append(line) }
    case .systemErr(let index):
      if index < suites.count, suites[index].systemErr == nil { suites[index].systemErr = line }
    }
    self.capture = nil
  }

  /// Reads a comment before the root, where TestNG signs its reports.
  mutating func comment(_ reader: XMLPushParser) {
    guard !signals.sawRoot, let value = reader.textValue else { return }
    if JUnitText.contains(value, "org.testng") { signals.testNG = true }
  }

  /// Ends the pass: delivers every case still waiting and settles the summary. A case the file
  /// broke off inside is not delivered: its result is unknown.
  mutating func finish(brokenBy failure: XMLPushParser.Failure?) {
    if let failure {
      summary.isComplete = false
      summary.problems.append(
        ReadProblem(
          location: file.location(line: failure.line, column: failure.column),
          message: "malformed XML: \(failure.message)"))
    }
    openCase = nil
    while !suites.isEmpty { endSuite() }
    summary.dialect = signals.dialect
  }

  // MARK: Suites

  private mutating func startSuite(_ element: JUnitElement, _ reader: XMLPushParser) {
    var frame = SuiteFrame(isRoot: element == .testsuites, isSettled: element == .testsuites)
    reader.forEachAttribute { attribute, value in
      guard let value else { return }
      if JUnitNames.name.matches(attribute) {
        frame.name = JUnitText.string(value)
        signals.suiteNamed(value, isRoot: frame.isRoot)
      } else if JUnitNames.noNamespaceSchemaLocation.matches(attribute) {
        if JUnitText.contains(value, "surefire") { signals.surefire = true }
      } else if JUnitNames.hostname.matches(attribute), suites.isEmpty {
        signals.rootHasHostname = true
      }
    }
    if element == .testsuite { summary.suiteCount += 1 }
    suites.append(frame)
  }

  /// Closes the innermost suite: reports it if it tells of an infrastructure failure, and passes
  /// the cases waiting on it to the enclosing suite (it can name no device any more).
  private mutating func endSuite() {
    guard !suites.isEmpty else { return }
    let index = suites.count - 1
    suites[index].isSettled = true
    release(index)
    let frame = suites.removeLast()
    if !suites.isEmpty { suites[suites.count - 1].caseCount += frame.caseCount }
    if case .suite(let owner) = propertiesOwner, owner >= suites.count { propertiesOwner = .none }
    if case .some(.suiteResult(let owner)) = capture?.target, owner >= suites.count { capture = nil }
    if case .some(.systemErr(let owner)) = capture?.target, owner >= suites.count { capture = nil }
    let label = frame.name.map { "suite '\($0)'" } ?? "a suite with no name"
    for result in frame.suiteResults {
      summary.infrastructureFailures.append(
        ReadProblem(location: file.location(), message: "\(label) reports an error outside any test: \(result)"))
    }
    if frame.caseCount == 0, !frame.isRoot, let systemErr = frame.systemErr {
      summary.infrastructureFailures.append(
        ReadProblem(location: file.location(), message: "\(label) ran no tests: \(systemErr)"))
    }
  }

  private mutating func endProperties() {
    if case .suite(let index) = propertiesOwner, index < suites.count, !suites[index].isSettled {
      suites[index].isSettled = true
      release(index)
    }
    propertiesOwner = .none
  }

  private mutating func property(_ reader: XMLPushParser) {
    var key: Property?
    var text: String?
    reader.forEachAttribute { attribute, value in
      guard let value else { return }
      if JUnitNames.name.matches(attribute) {
        key = Property(name: value)
        signals.property(value)
      } else if JUnitNames.value.matches(attribute) {
        text = JUnitText.string(value)
      }
    }
    guard let key, let text else { return }
    switch (propertiesOwner, key) {
    case (.testCase, .device): openCase?.device = text
    case (.testCase, .repetition): openCase?.repetition = text
    case (.suite(let index), .device) where index < suites.count: nameDevice(text, of: index)
    default: break
    }
  }

  private enum Property {
    case device
    case repetition

    init?(name: UnsafePointer<UInt8>) {
      if JUnitNames.device.matches(name) {
        self = .device
      } else if JUnitNames.repetition.matches(name) {
        self = .repetition
      } else {
        return nil
      }
    }
  }

  // MARK: Devices

  /// A suite named its device: its waiting cases get it. Cases of it already delivered (it named
  /// the device after its own cases, or after the reader stopped waiting) went out without it,
  /// which is reported.
  private mutating func nameDevice(_ device: String, of index: Int) {
    let frame = suites[index]
    let delivered = frame.caseCount - frame.waiting.count
    if frame.isSettled, frame.device == nil, delivered > 0 {
      let reason =
        frame.stoppedWaiting
        ? "the reader holds at most \(Self.maxWaitingCases) cases waiting for a device"
        : "a suite's properties come before its own test cases"
      summary.problems.append(
        ReadProblem(
          location: file.location(),
          message: "suite '\(frame.name ?? "")' names its device '\(device)' after \(delivered) of its "
            + "cases were delivered without it (\(reason))"))
    }
    suites[index].device = device
    release(index)
  }

  /// Delivers a finished case, with its own device or the one its suites name, or holds it at
  /// the innermost suite that may still name one.
  private mutating func place(_ execution: consuming TestExecution) {
    if execution.device != nil {
      deliver(execution)
      return
    }
    switch destination() {
    case .deliver(let device):
      execution.device = device
      deliver(execution)
    case .hold(let index):
      suites[index].waiting.append(execution)
      waitingCount += 1
    }
  }

  /// Holds a place for a case that is not kept wherever a kept one would wait, so holding counts
  /// it the same; `named` tells whether it named its own device.
  private mutating func placeUnkept(named: Bool) {
    guard !named, case .hold(let index) = destination() else { return }
    suites[index].waiting.append(nil)
    waitingCount += 1
  }

  private enum Destination {
    /// Deliver now with this device.
    case deliver(String?)
    /// Wait at the suite with this index.
    case hold(Int)
  }

  /// Where a finished case that names no device of its own goes: the innermost suite naming a
  /// device, else the innermost one that may still name one, else the fallback device.
  private mutating func destination() -> Destination {
    var index = suites.count - 1
    while index >= 0 {
      if let device = suites[index].device { return .deliver(device) }
      if !suites[index].isSettled {
        if waitingCount >= Self.maxWaitingCases { stopWaiting() }
        if !suites[index].isSettled { return .hold(index) }
      }
      index -= 1
    }
    return .deliver(fallbackDevice)
  }

  /// Moves the cases waiting at suite `index` on: delivered with its device if it has one, held
  /// by the next enclosing suite that may still name one, or delivered with the fallback device.
  private mutating func release(_ index: Int) {
    guard !suites[index].waiting.isEmpty else { return }
    let cases = suites[index].waiting
    suites[index].waiting = []
    var outer = index
    while outer >= 0 {
      if let device = suites[outer].device {
        waitingCount -= cases.count
        for case let execution? in cases { emit(execution, device: device) }
        return
      }
      if outer != index, !suites[outer].isSettled {
        suites[outer].waiting += cases
        return
      }
      outer -= 1
    }
    waitingCount -= cases.count
    for case let execution? in cases { emit(execution, device: fallbackDevice) }
  }

  /// Holding too many cases: stop waiting for every open suite and deliver what is held.
  private mutating func stopWaiting() {
    for index in suites.indices where !suites[index].isSettled {
      suites[index].isSettled = true
      suites[index].stoppedWaiting = true
    }
    for index in suites.indices.reversed() { release(index) }
  }

  private mutating func emit(_ execution: consuming TestExecution, device: String?) {
    if execution.device == nil { execution.device = device }
    deliver(execution)
  }

  // MARK: Test cases

  private mutating func startCase(_ reader: XMLPushParser) {
    if openCase != nil { endCase() }
    settleAtFirstCase()
    var hasClassname = false
    // Without a check the name's String is made at once; with one its bytes wait in `nameBytes`.
    var name = ""
    var nameEnd: UInt8?
    var time: Double?
    var markedFlaky = false
    let checking = mayKeep != nil
    nameBytes.removeAll(keepingCapacity: true)
    reader.forEachAttribute { attribute, value in
      guard let value else { return }
      switch attribute[0] {
      case UInt8(ascii: "c") where JUnitNames.classname.matches(attribute):
        lastClassname.remember(value)
        hasClassname = true
      case UInt8(ascii: "n") where JUnitNames.name.matches(attribute):
        let count = strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
        nameEnd = count > 0 ? value[count - 1] : nil
        if checking {
          nameBytes.removeAll(keepingCapacity: true)
          nameBytes.append(contentsOf: UnsafeBufferPointer(start: value, count: count))
        } else {
          name = JUnitText.string(value)
        }
      case UInt8(ascii: "t") where JUnitNames.time.matches(attribute):
        time = JUnitText.seconds(value)
      case UInt8(ascii: "f") where JUnitNames.flaky.matches(attribute):
        markedFlaky = JUnitNames.trueValue.matches(value)
      case UInt8(ascii: "s") where JUnitNames.status.matches(attribute):
        signals.bazel = true
      default:
        break
      }
    }
    signals.caseNamed(endingWith: nameEnd)
    if let mayKeep {
      guard (hasClassname && lastClassname.passes(mayKeep)) || nameBytes.withUnsafeBufferPointer(mayKeep) else {
        openCase = OpenTestCase(
          line: reader.line, classname: "", name: "", time: time, markedFlaky: markedFlaky, isKept: false)
        return
      }
      name = String(decoding: nameBytes, as: UTF8.self)
    }
    openCase = OpenTestCase(
      line: reader.line, classname: hasClassname ? lastClassname.string : "", name: name, time: time,
      markedFlaky: markedFlaky)
  }

  /// A suite names its device before its own test cases or after its child suites (trainer),
  /// never after its own cases: once a case opens directly in it, it can name no device any more.
  private mutating func settleAtFirstCase() {
    let index = suites.count - 1
    guard index >= 0, !suites[index].isSettled else { return }
    suites[index].isSettled = true
    release(index)
  }

  private mutating func endCase() {
    guard let current = openCase.take() else { return }
    if case .testCase = propertiesOwner { propertiesOwner = .none }
    if case .some(.caseMessage) = capture?.target { capture = nil }
    if !suites.isEmpty { suites[suites.count - 1].caseCount += 1 }
    summary.outcomes[current.outcome] += 1
    if current.isKept {
      place(current.finished(in: file))
    } else {
      placeUnkept(named: current.device != nil)
    }
  }

  private mutating func result(_ element: JUnitElement, _ reader: XMLPushParser) {
    var message: String?
    let wantsMessage = openCase?.isKept ?? true
    reader.forEachAttribute { attribute, value in
      guard let value else {
        if JUnitNames.message.matches(attribute) { withheldEntity(reader) }
        return
      }
      if JUnitNames.message.matches(attribute) {
        if wantsMessage { message = JUnitText.firstLine(value) }
      } else if JUnitNames.type.matches(attribute), JUnitText.contains(value, "pytest.") {
        signals.pytest = true
      }
    }
    switch element {
    case .flakyFailure, .flakyError, .rerunFailure, .rerunError: signals.surefire = true
    default: break
    }
    if openCase != nil {
      guard let slot = openCase?.record(element, message: message) else { return }
      if wantsMessage, openCase?.needsMessage(in: slot) == true {
        capture = Capture(element: element, target: .caseMessage(slot))
      }
    } else if !suites.isEmpty, element != .skipped {
      let index = suites.count - 1
      if let message {
        suites[index].suiteResults.append(message)
      } else {
        capture = Capture(element: element, target: .suiteResult(index))
      }
    }
  }

  private mutating func withheldEntity(_ reader: XMLPushParser) {
    summary.problems.append(
      ReadProblem(
        location: file.location(line: reader.line),
        message: "a message refers to an entity the file declares itself; it was not expanded"))
  }
}
