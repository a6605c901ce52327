import StateProofEvidence

import StateProofModel

/// Walks a result bundle's object graph from its root, one record at a time:
/// `ActionsInvocationRecord` → `actions[]` (`ActionRecord`, its device under
/// `runDestination.targetDeviceRecord`) → `actionResult.testsRef` (`ActionTestPlanRunSummaries`:
/// one summary per test-plan configuration or repetition) → testable summaries → nested
/// `ActionTestSummaryGroup`s → `ActionTestMetadata` → `summaryRef` (`ActionTestSummary`: failures
/// with file and line, expected failures, skip notice, Swift Testing arguments, activities with
/// attachments). Every attempt of a test becomes one execution, spelled as the xcresulttool
/// JSON reader spells it; a type it does not know, or a record it cannot read, is a problem
/// that names it.
struct XCResultGraphReader {
  let store: XCResultStore
  /// The bundle as evidence: its root and path.
  let location: EvidenceLocation
  private(set) var yield: XCResultBundleYield
  /// Ids of the records on the path from the root, to refuse a cycle.
  private var path: [String] = []
  /// Test nodes met, to bound a hostile graph.
  private var nodes = 0
  /// Each test action's `diagnosticsRef`: the folder of its logs.
  private(set) var diagnostics: [String] = []
  /// Records the graph refers to that `Data/` lacks, in the order met.
  private(set) var missing: [String] = []
  /// How many records were decoded: each id at most once for summaries, however many tests
  /// refer to it, so a bundle costs its size, not tests × references.
  private(set) var decodes = 0
  /// What each `summaryRef` read gave, by id; nil for one that could not be read.
  private var summaries: [String: XCResultObject?] = [:]
  static let maxNodes = 1_000_000

  init(store: XCResultStore, location: EvidenceLocation, formatVersion: String?) {
    self.store = store
    self.location = location
    yield = XCResultBundleYield(store: .objectGraph, formatVersion: formatVersion)
  }

  private mutating func problem(_ message: String) {
    yield.problems.append(ReadProblem(location: location, message: message))
  }

  /// Loads the record `id` names, refusing one already on the path (a cycle).
  private mutating func load(_ id: String, expecting types: Set<String>) -> XCResultObject? {
    guard !path.contains(id) else {
      problem("the object graph has a cycle: Data/data.\(id) refers back to itself")
      return nil
    }
    decodes += 1
    switch store.object(id) {
    case .success(let object):
      guard let type = object.type, types.contains(type) else {
        problem(
          "Data/data.\(id) is a \(object.type ?? "record of no type"), where a \(types.sorted().joined(separator: " or ")) was expected"
        )
        return nil
      }
      return object
    case .failure(let failure):
      if case .missing(let id) = failure { missing.append(id) }
      problem("\(failure)")
      return nil
    }
  }

  /// Reads the graph from the root record `rootID`.
  mutating func read(rootID: String) {
    guard let root = load(rootID, expecting: ["ActionsInvocationRecord"]) else { return }
    path.append(rootID)
    defer { path.removeLast() }
    for action in root.array("actions") {
      readAction(action)
    }
    if root.fields["actions"] == nil { problem("the ActionsInvocationRecord lists no actions") }
  }

  private mutating func readAction(_ action: XCResultObject) {
    let device = action["runDestination"]?["targetDeviceRecord"].map(Self.device)
    if let device, !yield.devices.contains(device) { yield.devices.append(device) }
    guard let result = action["actionResult"] else { return }
    let isTest = action.string("schemeCommandName") == "Test" || result.reference("testsRef") != nil
    guard isTest else { return }
    if let id = result.reference("diagnosticsRef") { diagnostics.append(id) }
    // Session-level issues: the run broke outside any test.
    for issue in result["issues"]?.array("errorSummaries") ?? [] {
      let cause = issue.string("message") ?? issue.string("issueType") ?? "an error outside any test"
      yield.incompleteRuns.append(
        IncompleteRun(location: location, device: device?.display, suite: action.string("title"), cause: cause))
    }
    guard let testsID = result.reference("testsRef") else {
      let status = result.string("status") ?? "an unknown status"
      yield.incompleteRuns.append(
        IncompleteRun(
          location: location, device: device?.display, suite: action.string("title"),
          cause: "the test action ended with \(status) and recorded no tests"))
      return
    }
    guard let plan = load(testsID, expecting: ["ActionTestPlanRunSummaries"]) else { return }
    path.append(testsID)
    defer { path.removeLast() }
    for summary in plan.array("summaries") {
      guard summary.type == "ActionTestPlanRunSummary" else {
        problem("a test plan run of type \(summary.type ?? "none"), which the reader does not know")
        continue
      }
      let configuration = summary.string("name")
      for testable in summary.array("testableSummaries") {
        var context = XCResultContext()
        context.device = device
        context.configuration = configuration
        context.bundle = testable.string("targetName") ?? testable.string("name")
        for node in testable.array("tests") { readNode(node, context: context, depth: 0) }
      }
    }
  }

  private mutating func readNode(_ node: XCResultObject, context: XCResultContext, depth: Int) {
    nodes += 1
    guard nodes <= Self.maxNodes, depth < 64 else {
      if nodes == Self.maxNodes + 1 || depth == 64 {
        problem("the test tree is deeper or larger than a real one; the rest is not read")
      }
      return
    }
    switch node.type {
    case "ActionTestSummaryGroup":
      var inner = context
      // A group named like a bundle (`X.xctest`, `All tests`) is no suite.
      if let name = node.string("name"), name != "All tests", !name.hasSuffix(".xctest") { inner.suite = name }
      for child in node.array("subtests") { readNode(child, context: inner, depth: depth + 1) }
    case "ActionTestMetadata", "ActionTestSummary":
      readTest(node, context: context)
    case let other:
      problem("a test node of type \(other ?? "none"), which the reader does not know; it is not read")
    }
  }

  /// One attempt of one test: its metadata and, through `summaryRef`, its summary.
  private mutating func readTest(_ metadata: XCResultObject, context: XCResultContext) {
    var summary = metadata
    // A summary shared by several tests (no real bundle has one) is decoded once, and its
    // attachments are listed with the first test that refers to it.
    var sharedSummary = false
    if let id = metadata.reference("summaryRef") {
      let loaded: XCResultObject?
      if let known = summaries[id] {
        loaded = known
        sharedSummary = true
      } else {
        loaded = load(id, expecting: ["ActionTestSummary"])
        summaries[id] = .some(loaded)
      }
      guard let loaded else { return }
      summary = loaded
    }
    let identifier = metadata.string("identifier") ?? summary.string("identifier")
    let status = metadata.string("testStatus") ?? summary.string("testStatus")
    let result: String? =
      switch status {
      case "Success": "Passed"
      case "Failure": "Failed"
      case "Skipped": "Skipped"
      case "Expected Failure": "Expected Failure"
      case let other: other
      }
    var messages: [String] = []
    switch result {
    case "Failed":
      messages = summary.array("failureSummaries").map(Self.failureText)
    case "Expected Failure":
      messages = summary.array("expectedFailures").map { expected in
        expected.string("failureReason") ?? expected["failureSummary"].map(Self.failureText) ?? "expected failure"
      }
    case "Skipped":
      messages = [summary["skipNoticeSummary"]?.string("message")].compactMap(\.self)
    default: break
    }
    let message = messages.isEmpty ? nil : messages.joined(separator: "\n")
    let (outcome, said) = XCResultTree.outcome(result: result, message: message)
    var context = context
    let arguments = summary.array("arguments").compactMap { argument in
      argument["value"]?.string("description") ?? argument.string("identifier")
    }
    if !arguments.isEmpty { context.arguments = arguments.joined(separator: ", ") }
    let (classname, name) = XCResultTree.identity(
      identifier: identifier, name: metadata.string("name"), context: context)
    let seconds = (metadata.string("duration") ?? summary.string("duration")).flatMap(Double.init)
    let execution = TestExecution(
      location: location, classname: classname, name: name, device: context.device?.display, outcome: outcome,
      time: seconds.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }, message: said,
      configuration: context.configuration, arguments: context.arguments, os: context.device?.os)
    yield.attempts.append(execution)
    if !sharedSummary { readAttachments(of: summary, test: identifier, context: context) }
  }

  /// `File.swift:12: message`, as xcresulttool's `Failure Message` nodes write a failure.
  static func failureText(_ failure: XCResultObject) -> String {
    let message = failure.string("message") ?? failure.string("issueType") ?? "a failure with no message"
    guard let file = failure.string("fileName"), !file.isEmpty else { return message }
    let base = file.split(separator: "/").last.map(String.init) ?? file
    return failure.string("lineNumber").map { "\(base):\($0): \(message)" } ?? "\(base): \(message)"
  }

  private mutating func readAttachments(of summary: XCResultObject, test: String?, context: XCResultContext) {
    func take(_ attachment: XCResultObject, failure: Bool) {
      var taken = XCResultBundleAttachment(testIdentifier: test, name: attachment.string("name"))
      taken.filename = attachment.string("filename")
      taken.uniformType = attachment.string("uniformTypeIdentifier")
      taken.payloadID = attachment.reference("payloadRef")
      taken.payloadSize = attachment.string("payloadSize").flatMap(Int.init)
      taken.device = context.device?.display
      taken.configuration = context.configuration
      taken.arguments = context.arguments
      taken.time = attachment.string("timestamp").flatMap { EvidenceTime(iso8601: $0, source: "attachment timestamp") }
      taken.isAssociatedWithFailure = failure
      yield.attachments.append(taken)
    }
    var pending = summary.array("activitySummaries")
    var seen = 0
    while let activity = pending.popLast(), seen < 100_000 {
      seen += 1
      for attachment in activity.array("attachments") { take(attachment, failure: false) }
      pending.append(contentsOf: activity.array("subactivities"))
    }
    for failure in summary.array("failureSummaries") {
      for attachment in failure.array("attachments") { take(attachment, failure: true) }
    }
    for expected in summary.array("expectedFailures") {
      for attachment in expected["failureSummary"]?.array("attachments") ?? [] { take(attachment, failure: true) }
    }
  }

  /// An `ActionDeviceRecord` as xcresulttool's `devices` describe it.
  static func device(_ record: XCResultObject) -> XCResultDevice {
    let withBuild = record.string("operatingSystemVersionWithBuildNumber")
    let build = withBuild.flatMap { text -> String? in
      guard let open = text.lastIndex(of: "("), text.hasSuffix(")") else { return nil }
      return String(text[text.index(after: open)..<text.index(before: text.endIndex)])
    }
    return XCResultDevice(
      deviceId: record.string("identifier"), deviceName: record.string("name"), modelName: record.string("modelName"),
      osVersion: record.string("operatingSystemVersion"), osBuildNumber: build,
      platform: record["platformRecord"]?.string("userDescription"))
  }
}
