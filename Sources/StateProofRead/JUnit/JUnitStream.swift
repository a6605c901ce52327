import StateProofSystem
import Foundation
import StateProofModel
import StateProofEvidence

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
///
/// Runs that stopped early are recognised as the file streams: a suite's own `system-err` is
/// watched for ``RunStopMarkers`` (anywhere in it, in bounded memory), and so are the failures and
/// errors of every case, kept or not; a suite with no cases or no name that still wrote a
/// `system-err`, a result outside any case, and a failing `Session-level issues` entry are stops
/// too. Like cases, a stop waits for the device an enclosing suite may still name.
struct JUnitStream {
  /// The most cases held back waiting for a device. Trainer target suites hold a few hundred;
  /// 10,000 executions keep the held memory around a few megabytes.
  static let maxWaitingCases = 10_000
  /// The most stopped runs kept from one file: one is enough to block the release, and a file of
  /// a million crashed cases must not cost a million quotes.
  static let maxStops = 100

  let file: DiscoveredFile
  /// The device the path names by a producer's path pattern (``DevicePath``).
  let pathDevice: String?
  /// The caller's device for cases nothing in the file or its path names one for.
  let defaultDevice: String?
  let deliver: (TestExecution) -> Void

  var summary = JUnitFileSummary()
  private var suites: [SuiteFrame] = []
  private var openCase: OpenTestCase?
  private var waitingCount = 0
  private var stopCount = 0
  /// Whose `properties` are open: a suite's (its index), a test case's, or none.
  private var propertiesOwner: PropertiesOwner = .none
  /// The element whose text is being read, and what it is read for.
  private var capture: Capture?
  /// Every device a `device` property names.
  private var devices: Set<String> = []
  /// The devices a producer's rule named (Maestro's attribute, Flank's suite names), by spelling.
  private var identities: [String: DeviceIdentity] = [:]
  private var signals: DialectSignals

  /// The device for cases no suite names one for: from the path (Spoon's file name once the root
  /// shows ddmlib's shape), else the caller's default.
  private var fallbackDevice: String? { pathDevice ?? signals.spoonSerial ?? defaultDevice }
  /// Why the file, read as far as its root or first suite, is no test report: nil while it is one.
  private(set) var notTestReport: String?
  /// The last classname read, reused while consecutive cases share it (the usual layout).
  private var lastClassname = ReusedString()
  /// The element each name libxml2 reports is, and the role of each attribute of a test case,
  /// remembered by the name's address.
  private var elements = InternedNames<JUnitElement?>()
  private var caseAttributes = InternedNames<CaseAttribute>()

  /// The attributes of a `testcase` the reader looks at.
  private enum CaseAttribute {
    case classname, name, time, timestamp, flaky, status, other

    init(name: UnsafePointer<UInt8>) {
      self =
        if JUnitNames.classname.matches(name) { .classname } else if JUnitNames.name.matches(name) {
          .name
        } else if JUnitNames.time.matches(name) { .time } else if JUnitNames.timestamp.matches(name) {
          .timestamp
        } else if JUnitNames.flaky.matches(name) { .flaky } else if JUnitNames.status.matches(name) { .status } else {
          .other
        }
    }
  }

  private enum PropertiesOwner {
    case none
    case suite(Int)
    case testCase
  }

  private struct Capture {
    var element: JUnitElement
    var target: Target
    var text: StreamedText
    /// The line of the element's start tag.
    var line: Int
    /// Inside a `system-out` or `system-err` child (Surefire nests them in `flaky*` and `rerun*`
    /// results): their text is no part of the message.
    var paused = false

    enum Target {
      /// A result of the open case; its message is set at the end when `setsMessage`.
      case caseResult(OpenTestCase.MessageSlot, attribute: String?, setsMessage: Bool)
      /// A result written in the suite at this index, outside any case.
      case suiteResult(Int, attribute: String?)
      /// The `system-err` of the suite at this index.
      case systemErr(Int)
    }
  }

  /// Asks the parser for character data exactly while inside an element whose text is read
  /// (called where that can change: at results, `system-out` and `system-err`, never per case).
  private func streamCharacters(_ reader: XMLPushParser) {
    reader.streamsCharacters = capture.map { !$0.paused } ?? false
  }

  init(
    file: DiscoveredFile, pathDevice: String?, defaultDevice: String?,
    deliver: @escaping (TestExecution) -> Void
  ) {
    self.file = file
    self.pathDevice = pathDevice
    self.defaultDevice = defaultDevice
    self.deliver = deliver
    signals = DialectSignals(path: file.record.path)
  }

  // MARK: Nodes

  /// Handles a start element; returns false when the root shows the file is not a test report.
  /// `mayKeep` is a byte-level check of a case's classname or name (one that is always true keeps
  /// every case); it is passed with each element rather than kept, so calling it costs no
  /// reference counting.
  mutating func start(_ reader: XMLPushParser, mayKeep: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    guard let name = reader.localName else { return true }
    let element = elements.value(of: name, JUnitElement.init(name:))
    if !signals.sawRoot {
      signals.sawRoot = true
      guard element == .testsuites || element == .testsuite else {
        notTestReport = NotEvidenceReason.xmlRoot(JUnitText.string(name))
        return false
      }
      signals.rootIsSuite = element == .testsuite
    }
    guard let element else {
      // Flank writes a `webLink` in every case; one is enough.
      if !signals.flank, JUnitNames.webLink.matches(name) { signals.flank = true }
      return true
    }
    switch element {
    case .testsuites, .testsuite:
      startSuite(element, reader)
      if notTestReport != nil { return false }
    case .properties:
      if openCase != nil {
        propertiesOwner = .testCase
      } else if !suites.isEmpty {
        propertiesOwner = .suite(suites.count - 1)
      }
    case .property:
      property(reader)
    case .testcase:
      startCase(reader, mayKeep: mayKeep)
    case .failure, .error, .skipped, .flakyFailure, .flakyError, .rerunFailure, .rerunError:
      result(element, reader)
    case .systemErr where capture == nil:
      if openCase == nil, !suites.isEmpty {
        capture = Capture(
          element: element, target: .systemErr(suites.count - 1),
          text: StreamedText(keepsStart: true, watchesMarkers: true), line: reader.line)
      }
    case .systemErr, .systemOut:
      capture?.paused = true
    }
    switch element {
    case .failure, .error, .skipped, .flakyFailure, .flakyError, .rerunFailure, .rerunError, .systemErr, .systemOut:
      streamCharacters(reader)
    default: break
    }
    return true
  }

  mutating func end(_ reader: XMLPushParser) {
    guard let name = reader.localName, let element = elements.value(of: name, JUnitElement.init(name:)) else { return }
    if let capture, capture.element == element {
      self.capture = nil
      finish(capture)
      streamCharacters(reader)
    } else if element == .systemOut || element == .systemErr {
      capture?.paused = false
      streamCharacters(reader)
    }
    switch element {
    case .testsuites, .testsuite: endSuite()
    case .testcase: endCase()
    case .properties: endProperties()
    default: break
    }
  }

  /// Takes a piece of the text being read.
  mutating func characters(_ reader: XMLPushParser) {
    guard capture?.paused == false else { return }
    capture?.text.append(reader.characterData)
  }

  /// An element whose text was read has ended: its message, stop or `system-err` is settled.
  private mutating func finish(_ capture: Capture) {
    switch capture.target {
    case .caseResult(let slot, let attribute, let setsMessage):
      if setsMessage, let message = JUnitText.message(attribute: attribute, text: capture.text.text) {
        openCase?.setMessage(message, in: slot)
      }
      if let cause = capture.text.fromMarkerText, openCase?.stopCause == nil { openCase?.stopCause = cause }
    case .suiteResult(let index, let attribute):
      guard index < suites.count else { return }
      // A result outside any case tells of a stop even with neither a message nor text.
      let cause =
        JUnitText.message(attribute: attribute, text: capture.text.text)
        ?? "<\(capture.element.spelling.spelling)> with no message"
      hold(
        IncompleteRun(
          location: file.location(line: capture.line), device: nil, suite: suites[index].name, cause: cause), at: index)
    case .systemErr(let index):
      guard index < suites.count else { return }
      if suites[index].systemErrStop == nil, let stop = capture.text.fromMarkerText {
        suites[index].systemErrStop = stop
        suites[index].systemErrLine = capture.line
      }
      if suites[index].systemErrStart == nil, let start = capture.text.text {
        suites[index].systemErrStart = start
        if suites[index].systemErrLine == nil { suites[index].systemErrLine = capture.line }
      }
    }
  }

  /// Reads a comment before the root, where TestNG signs its reports.
  mutating func comment(_ reader: XMLPushParser) {
    guard !signals.sawRoot, let value = reader.commentValue else { return }
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
          // One text for every file broken the same way (a million empty files).
          message: SharedText.shared("malformed XML: \(failure.message)")))
    }
    openCase = nil
    capture = nil
    while !suites.isEmpty { endSuite() }
    summary.dialect = signals.dialect
    // Spoon names the device only in the file's name.
    if pathDevice == nil, let serial = signals.spoonSerial { devices.insert(serial) }
    summary.incompleteRuns.sort()
    summary.devices = devices.sorted()
    // A device property is written by the producer the dialect names (AGP's, fastlane trainer's).
    if let producer = Self.deviceProducer(of: summary.dialect) {
      for device in devices where identities[device] == nil {
        identities[device] = DeviceRule.of(producer).identity(spelled: device)
      }
    }
    summary.deviceIdentities = identities.values.sorted { $0.spelling < $1.spelling }
  }

  // MARK: Suites

  private mutating func startSuite(_ element: JUnitElement, _ reader: XMLPushParser) {
    var frame = SuiteFrame(isRoot: element == .testsuites, isSettled: element == .testsuites)
    // xcpretty's attributes: the root has exactly `tests` and `failures`, a suite no more than
    // those and `name`.
    var countAttributes = 0
    var otherAttributes = false
    let underRoot = suites.first?.isRoot == true
    reader.forEachAttribute { attribute, value in
      if JUnitNames.tests.matches(attribute) || JUnitNames.failures.matches(attribute) {
        countAttributes += 1
      } else if !JUnitNames.name.matches(attribute) {
        otherAttributes = true
      } else if frame.isRoot, let value, !JUnitText.hasSuffix(value, ".xctest") {
        otherAttributes = true
      }
      guard let value else { return }
      if JUnitNames.name.matches(attribute) {
        frame.name = JUnitText.string(value)
        frame.isSessionIssues = !frame.isRoot && JUnitNames.sessionLevelIssues.matches(value)
        signals.suiteNamed(value, text: frame.name ?? "", isRoot: frame.isRoot, underRoot: underRoot)
        // fastlane's lane report: one suite of the lane's steps, never tests.
        if JUnitNames.fastlaneLanes.matches(value), underRoot, summary.suiteCount == 0 {
          notTestReport = NotEvidenceReason.fastlaneLanes
        }
      } else if JUnitNames.noNamespaceSchemaLocation.matches(attribute) {
        if JUnitText.contains(value, "surefire") { signals.surefire = true }
      } else if JUnitNames.timestamp.matches(attribute) {
        frame.timestamp = EvidenceTime(iso8601: JUnitText.string(value), source: "testsuite timestamp")
        note(frame.timestamp)
      } else if JUnitNames.hostname.matches(attribute) {
        if suites.isEmpty { signals.rootHasHostname = true }
        signals.suiteHostname = true
      } else if JUnitNames.device.matches(attribute) {
        signals.maestro = true
        // Maestro (`maestro test --format junit`) names the device on the suite.
        let device = JUnitText.string(value)
        if !frame.isRoot, !device.allSatisfy(\.isWhitespace) {
          frame.device = device
          identities[device] = DeviceRule.of(.maestro).identity(spelled: device)
        }
      } else if JUnitNames.flakes.matches(attribute) || JUnitNames.testLabExecutionId.matches(attribute) {
        signals.flank = true
      }
    }
    if suites.isEmpty, element == .testsuite, frame.name == "common" { signals.rootSuiteCommon = true }
    // Flank's merged report names each suite for its Test Lab device: `<device>[#<class>]`.
    if frame.device == nil, !frame.isRoot, let name = frame.name, let testLab = TestLabDevice.suiteDevice(name) {
      frame.device = testLab.name
      identities[testLab.name] = DeviceRule.of(.flank).identity(spelled: testLab.name)
    }
    if let device = frame.device { devices.insert(device) }
    if frame.isRoot, suites.isEmpty {
      signals.xcprettyRoot = countAttributes == 2 && !otherAttributes
    } else if otherAttributes {
      signals.xcprettyShape = false
    }
    if element == .testsuite { summary.suiteCount += 1 }
    suites.append(frame)
  }

  /// Closes the innermost suite: notes a stop its `system-err` tells of, and passes the cases and
  /// stops waiting on it to the enclosing suite (it can name no device any more).
  private mutating func endSuite() {
    guard !suites.isEmpty else { return }
    let index = suites.count - 1
    suites[index].isSettled = true
    release(index)
    // A suite that ran nothing, or AGP's nameless one, and still wrote to system-err: the run
    // never got going (a failed install, a platform error).
    let closing = suites[index]
    let ranNothing = !closing.isRoot && (closing.caseCount == 0 || closing.name == nil)
    if let cause = closing.systemErrStop ?? (ranNothing ? closing.systemErrStart : nil) {
      hold(
        IncompleteRun(
          location: file.location(line: closing.systemErrLine), device: nil, suite: closing.name, cause: cause),
        at: index)
    }
    let frame = suites.removeLast()
    if !suites.isEmpty { suites[suites.count - 1].caseCount += frame.caseCount }
    if case .suite(let owner) = propertiesOwner, owner >= suites.count { propertiesOwner = .none }
    if case .some(.suiteResult(let owner, _)) = capture?.target, owner >= suites.count { capture = nil }
    if case .some(.systemErr(let owner)) = capture?.target, owner >= suites.count { capture = nil }
    for var stop in frame.stops {
      stop.device = frame.device
      if stop.device != nil {
        summary.incompleteRuns.append(stop)
      } else if suites.isEmpty {
        stop.device = fallbackDevice
        summary.incompleteRuns.append(stop)
      } else {
        suites[suites.count - 1].stops.append(stop)
      }
    }
  }

  /// Keeps a stop found inside the suite at `index` until its device is known: its own, else the
  /// one this suite or an enclosing one names (see ``endSuite()``). Past ``maxStops`` a stop is
  /// dropped.
  private mutating func hold(_ stop: IncompleteRun, at index: Int) {
    guard stopCount < Self.maxStops else { return }
    stopCount += 1
    if stop.device != nil {
      summary.incompleteRuns.append(stop)
    } else {
      suites[index].stops.append(stop)
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
    case (.testCase, .device):
      devices.insert(text)
      openCase?.device = text
    case (.testCase, .repetition): openCase?.repetition = text
    case (.suite(let index), .device) where index < suites.count:
      let saucectl = DeviceRule.saucectl(device: text, platform: suites[index].platform)
      if let saucectl { identities[saucectl.spelling] = saucectl }
      nameDevice(saucectl?.spelling ?? text, of: index)
    case (.suite(let index), .platform) where index < suites.count:
      // saucectl writes `platform` after `device`: the device is spelled again with its OS
      // while none of the suite's cases has gone out.
      suites[index].platform = text
      if let device = suites[index].device, suites[index].caseCount == 0,
        let saucectl = DeviceRule.saucectl(device: device, platform: text)
      {
        if !suites.contains(where: { $0.device == device && $0.platform == nil }) { devices.remove(device) }
        devices.insert(saucectl.spelling)
        identities[saucectl.spelling] = saucectl
        suites[index].device = saucectl.spelling
      }
    case (_, .device): devices.insert(text)
    default: break
    }
  }

  /// The producer whose device rule a file of `dialect` names its devices by; nil for dialects
  /// the device table has no rule for.
  private static func deviceProducer(of dialect: JUnitDialect) -> DeviceProducer? {
    switch dialect {
    case .androidConnected: .agpConnected
    case .fastlaneTrainer: .fastlaneTrainer
    case .maestro: .maestro
    case .firebaseTestLab: .firebaseTestLab
    case .flank: .flank
    case .marathon: .marathon
    case .spoon: .spoon
    case .gradle, .xcresultparser, .xcbeautify, .swiftPMXCTest, .swiftTesting, .surefire, .pytest, .xcpretty,
      .jestJUnit, .bazel, .testNG, .generic:
      nil
    }
  }

  private enum Property {
    case device
    case repetition
    /// saucectl's `platform`, e.g. `Android 14`.
    case platform

    init?(name: UnsafePointer<UInt8>) {
      if JUnitNames.device.matches(name) {
        self = .device
      } else if JUnitNames.repetition.matches(name) {
        self = .repetition
      } else if JUnitNames.platform.matches(name) {
        self = .platform
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
    devices.insert(device)
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
    guard !named, let index = holdingSuite() else { return }
    suites[index].waiting.append(nil)
    waitingCount += 1
  }

  /// The suite a case that names no device waits at: the innermost one that may still name a
  /// device, unless a suite inside it names one; nil when the case is delivered at once.
  private mutating func holdingSuite() -> Int? {
    var index = suites.count - 1
    while index >= 0 {
      if suites[index].device != nil { return nil }
      if !suites[index].isSettled {
        if waitingCount >= Self.maxWaitingCases { stopWaiting() }
        if !suites[index].isSettled { return index }
      }
      index -= 1
    }
    return nil
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
    if let index = holdingSuite() { return .hold(index) }
    return .deliver(suites.lastIndex(where: { $0.device != nil }).flatMap { suites[$0].device } ?? fallbackDevice)
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

  private mutating func startCase(_ reader: XMLPushParser, mayKeep: (UnsafeBufferPointer<UInt8>) -> Bool) {
    if openCase != nil { endCase() }
    settleAtFirstCase()
    var hasClassname = false
    // The name's bytes, borrowed from libxml2 for this event: a String is made only for a kept case.
    var name = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var time: Double?
    var startedAt: EvidenceTime?
    var markedFlaky = false
    reader.forEachAttributeValue { attribute, value in
      guard let value else { return }
      switch caseAttributes.value(of: attribute, CaseAttribute.init(name:)) {
      case .classname:
        lastClassname.remember(value)
        hasClassname = true
      case .name:
        name = value
      case .time:
        time = JUnitText.seconds(value)
      case .timestamp:
        startedAt = EvidenceTime(iso8601: String(decoding: value, as: UTF8.self), source: "testcase timestamp")
        note(startedAt)
      case .flaky:
        markedFlaky = JUnitNames.trueValue.matches(value)
      case .status:
        // Bazel writes `run`/`notrun`; Maestro a flow's upper-case status (`SUCCESS`, `ERROR`).
        if let first = value.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
          signals.maestro = true
        } else {
          signals.bazel = true
        }
      case .other:
        break
      }
    }
    signals.caseNamed(endingWith: name.last)
    let innermost = suites.count - 1
    if signals.xcprettyRoot, signals.xcprettyShape, signals.xcprettyCases < DialectSignals.xcprettyCasesChecked {
      signals.xcprettyCases += 1
      if !hasClassname || suites.count < 2 || suites[innermost].name != lastClassname.string {
        signals.xcprettyShape = false
      }
    }
    if innermost >= 0, suites[innermost].isSessionIssues {
      openCase = OpenTestCase(
        line: reader.line, classname: "", name: "", time: time, markedFlaky: markedFlaky, isKept: false,
        isSessionIssue: true)
      return
    }
    guard (hasClassname && lastClassname.passes(mayKeep)) || mayKeep(name) else {
      openCase = OpenTestCase(
        line: reader.line, classname: "", name: "", time: time, markedFlaky: markedFlaky, isKept: false)
      return
    }
    openCase = OpenTestCase(
      line: reader.line, classname: hasClassname ? lastClassname.string : "",
      name: String(decoding: name, as: UTF8.self),
      time: time, startedAt: startedAt ?? suiteTimestamp(), markedFlaky: markedFlaky)
  }

  /// The `timestamp` of the innermost suite that has one.
  private func suiteTimestamp() -> EvidenceTime? {
    var index = suites.count - 1
    while index >= 0 {
      if let timestamp = suites[index].timestamp { return timestamp }
      index -= 1
    }
    return nil
  }

  /// Widens the file's time span to take in `time`.
  private mutating func note(_ time: EvidenceTime?) {
    guard let time else { return }
    summary.time = EvidenceSpan((summary.time?.times ?? []) + [time])
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
    if capture != nil, case .caseResult = capture!.target { capture = nil }
    if !suites.isEmpty {
      let index = suites.count - 1
      suites[index].caseCount += 1
      let cause =
        current.isSessionIssue
        ? (current.outcome.isFailure ? current.failureMessage ?? "an issue with no message" : nil)
        : current.stopCause
      if let cause {
        hold(
          IncompleteRun(
            location: file.location(line: current.line), device: current.device, suite: suites[index].name,
            cause: cause),
          at: index)
      }
    }
    // A session issue is not a test: it is counted as a stop, never as an execution.
    if !current.isSessionIssue { summary.outcomes[current.outcome] += 1 }
    if current.isKept {
      place(current.finished(in: file))
    } else {
      placeUnkept(named: current.device != nil)
    }
  }

  /// A `failure`, `error`, `skipped`, `flaky*` or `rerun*` element. Its message is read for a
  /// case that is kept (see ``JUnitText/message(attribute:text:)``); a failure or error is also
  /// watched for a stopped run's marker, kept or not; outside any case it is itself a stop.
  private mutating func result(_ element: JUnitElement, _ reader: XMLPushParser) {
    var attribute: String?
    var cause: String?
    let wantsMessage = openCase?.wantsMessages ?? true
    let watches = element == .failure || element == .error
    reader.forEachAttribute { name, value in
      guard let value else {
        if JUnitNames.message.matches(name) { withheldEntity(reader) }
        return
      }
      if JUnitNames.message.matches(name) {
        let bytes = UnsafeBufferPointer(
          start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)))
        if wantsMessage { attribute = JUnitText.message(bytes) }
        if watches, let offset = RunStopMarkers.firstMatch(in: bytes) {
          cause = JUnitText.message(fromLineOf: offset, in: bytes)
        }
      } else if JUnitNames.type.matches(name), JUnitText.contains(value, "pytest.") {
        signals.pytest = true
      }
    }
    switch element {
    case .flakyFailure, .flakyError, .rerunFailure, .rerunError: signals.surefire = true
    default: break
    }
    let readsText = attribute.map(JUnitText.isOneLine) ?? true
    if openCase != nil {
      guard let slot = openCase?.record(element) else { return }
      if let cause, openCase?.stopCause == nil { openCase?.stopCause = cause }
      let setsMessage = wantsMessage && openCase?.needsMessage(in: slot) == true
      let watchesText = watches && openCase?.stopCause == nil
      if (setsMessage && readsText) || watchesText {
        capture = Capture(
          element: element, target: .caseResult(slot, attribute: attribute, setsMessage: setsMessage),
          text: StreamedText(keepsStart: setsMessage && readsText, watchesMarkers: watchesText),
          line: reader.line)
      } else if setsMessage, let attribute {
        openCase?.setMessage(attribute, in: slot)
      }
    } else if !suites.isEmpty, element != .skipped {
      capture = Capture(
        element: element, target: .suiteResult(suites.count - 1, attribute: attribute),
        text: StreamedText(keepsStart: readsText, watchesMarkers: false), line: reader.line)
    }
  }

  private mutating func withheldEntity(_ reader: XMLPushParser) {
    summary.problems.append(
      ReadProblem(
        location: file.location(line: reader.line),
        message: "a message refers to an entity the file declares itself; it was not expanded"))
  }
}
