import Foundation
import StateProofModel
import StateProofEvidence

/// The rows of a result bundle's database that ``XCResultDatabaseReader`` needs, each table read
/// once by column name (`rowid` is what the `_fk` columns point at), then joined in memory.
struct XCResultDatabaseTables {
  private let database: SQLiteDatabase
  private let tables: Set<String>

  /// A table's rows: column name to value, for the columns the reader asks for.
  typealias Row = [String: Value]
  enum Value: Hashable {
    case integer(Int64)
    case double(Double)
    case text(String)

    var integer: Int64? {
      if case .integer(let value) = self { return value }
      return nil
    }
    var double: Double? {
      switch self {
      case .integer(let value): Double(value)
      case .double(let value): value
      case .text: nil
      }
    }
    var text: String? {
      switch self {
      case .text(let value): value
      case .integer(let value): String(value)
      case .double(let value): String(value)
      }
    }
  }

  /// Rows by `rowid`, table by table, and each table's rows in `rowid` order.
  private var rows: [String: [Int64: Row]] = [:]
  private var order: [String: [Int64]] = [:]

  /// Beyond this many rows in one table the database is not a test run's.
  static let rowLimit = 2_000_000

  init(database: SQLiteDatabase, tables: Set<String>) {
    self.database = database
    self.tables = tables
  }

  /// What each table is read for: its columns (those the table lacks are left out).
  static let wanted: [String: [String]] = [
    "TestCases": ["identifier", "name", "testSuite_fk"],
    "TestSuites": ["name", "identifier", "parentSuite_fk"],
    "TestCaseRuns": [
      "result", "duration", "testCase_fk", "testSuiteRun_fk", "skipNotice_fk", "repetitionPolicy_fk",
    ],
    "TestSuiteRuns": ["parentSuiteRun_fk", "testableRun_fk", "testSuite_fk"],
    "TestableRuns": ["testPlanRun_fk"],
    "TestPlanRuns": ["action_fk", "configuration_fk"],
    "TestPlanConfigurations": ["name"],
    "Actions": ["runDestination_fk", "developerTools_fk"],
    "RunDestinations": ["name", "device_fk"],
    "Devices": [
      "identifier", "name", "modelName", "operatingSystemVersion", "operatingSystemVersionWithBuildNumber",
      "platform_fk",
    ],
    "Platforms": ["identifier", "userDescription"],
    "DeveloperTools": ["xcodeVersion", "xcodeBuildVersion"],
    "SkipNotices": ["message"],
    "TestIssues": [
      "testCaseRun_fk", "testSuiteRun_fk", "compactDescription", "detailedDescription", "sanitizedDescription",
      "sourceCodeContext_fk", "isTopLevel", "isTopLevelFailure", "orderInOwner",
    ],
    "SourceCodeContexts": ["location_fk"],
    "SourceCodeLocations": ["filePath", "lineNumber"],
    "ExpectedFailures": ["testCaseRun_fk", "failureReason", "issue_fk", "orderInOwner"],
    "Arguments": ["testCaseRun_fk", "testValue_fk", "parameter_fk", "orderInTestCaseRun"],
    "Parameters": ["name", "label"],
    "TestValues": ["description"],
    "Activities": ["testCaseRun_fk", "parent_fk"],
    "Attachments": [
      "name", "uniformTypeIdentifier", "uuid", "timestamp", "xcResultKitPayloadRefId", "activity_fk",
      "testIssue_fk", "filenameOverride",
    ],
  ]

  mutating func load() throws(SQLiteError) {
    for (table, wanted) in Self.wanted.sorted(by: { $0.key < $1.key }) where tables.contains(table) {
      let present = try database.columns(of: table)
      let names = wanted.filter(present.contains)
      let list = (["rowid AS stateproof_rowid"] + names.map(SQLiteDatabase.quoted)).joined(separator: ", ")
      var byID: [Int64: Row] = [:]
      var ids: [Int64] = []
      var count = 0
      try database.query("SELECT \(list) FROM \(SQLiteDatabase.quoted(table)) ORDER BY rowid") {
        (row) throws(SQLiteError) in
        count += 1
        guard count <= Self.rowLimit else {
          throw .queryFailed(path: database.path, reason: "\(table) has more than \(Self.rowLimit) rows")
        }
        guard let id = row.integer("stateproof_rowid") else { return }
        var values: Row = [:]
        for name in names {
          if let integer = row.integer(name), row.double(name) == Double(integer) {
            values[name] = .integer(integer)
          } else if let double = row.double(name) {
            values[name] = .double(double)
          } else if let text = row.text(name) {
            values[name] = .text(text)
          }
        }
        byID[id] = values
        ids.append(id)
      }
      rows[table] = byID
      order[table] = ids
    }
  }

  private func row(_ table: String, _ id: Int64?) -> Row? {
    guard let id else { return nil }
    return rows[table]?[id]
  }

  private func all(_ table: String) -> [(Int64, Row)] {
    (order[table] ?? []).compactMap { id in rows[table]?[id].map { (id, $0) } }
  }

  // MARK: - Joining

  /// Where a test case run ran: device, configuration.
  private struct Placement {
    var device: XCResultDatabaseDevice?
    var configuration: String?
  }

  /// The testable run a suite run belongs to: the nearest one up its parents (cycles end the walk).
  private func testableRun(ofSuiteRun id: Int64?) -> Int64? {
    var current = id
    var seen: Set<Int64> = []
    while let suiteRun = current, seen.insert(suiteRun).inserted, let row = row("TestSuiteRuns", suiteRun) {
      if let testable = row["testableRun_fk"]?.integer { return testable }
      current = row["parentSuiteRun_fk"]?.integer
    }
    return nil
  }

  private func placement(ofSuiteRun id: Int64?) -> Placement {
    let testable = row("TestableRuns", testableRun(ofSuiteRun: id))
    let planRun = row("TestPlanRuns", testable?["testPlanRun_fk"]?.integer)
    let configuration = row("TestPlanConfigurations", planRun?["configuration_fk"]?.integer)?["name"]?.text
    let action = row("Actions", planRun?["action_fk"]?.integer)
    let destination = row("RunDestinations", action?["runDestination_fk"]?.integer)
    return Placement(device: device(destination?["device_fk"]?.integer), configuration: configuration)
  }

  private func device(_ id: Int64?) -> XCResultDatabaseDevice? {
    guard let row = row("Devices", id) else { return nil }
    let platform = self.row("Platforms", row["platform_fk"]?.integer)
    // `18.2 (22C150)`: the build in brackets.
    var build: String?
    if let full = row["operatingSystemVersionWithBuildNumber"]?.text, let open = full.lastIndex(of: "("),
      full.hasSuffix(")")
    {
      build = String(full[full.index(after: open)..<full.index(before: full.endIndex)])
    }
    let device = XCResultDevice(
      deviceId: row["identifier"]?.text, deviceName: row["name"]?.text, modelName: row["modelName"]?.text,
      osVersion: row["operatingSystemVersion"]?.text, osBuildNumber: build,
      platform: platform?["userDescription"]?.text)
    let platformID = platform?["identifier"]?.text ?? ""
    let isSimulator =
      platformID.hasSuffix("simulator") || (platform?["userDescription"]?.text ?? "").hasSuffix("Simulator")
    return XCResultDatabaseDevice(device: device, isSimulator: isSimulator)
  }

  /// `File.swift:38: message`, as xcresulttool's JSON writes a failure; the message alone when
  /// the issue has no place.
  private func message(ofIssue issue: Row) -> String? {
    guard
      let text = issue["compactDescription"]?.text ?? issue["detailedDescription"]?.text
        ?? issue["sanitizedDescription"]?.text
    else { return nil }
    let context = row("SourceCodeContexts", issue["sourceCodeContext_fk"]?.integer)
    let location = row("SourceCodeLocations", context?["location_fk"]?.integer)
    guard let file = location?["filePath"]?.text, let line = location?["lineNumber"]?.integer, line > 0 else {
      return text
    }
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return "\(name):\(line): \(text)"
  }

  /// Whether an issue is one of its own (not a sub-issue of another): `isTopLevel` in Xcode 16
  /// and later, `isTopLevelFailure` before; a database without either has only top-level ones.
  private func isTopLevel(_ issue: Row) -> Bool {
    (issue["isTopLevel"] ?? issue["isTopLevelFailure"])?.integer.map { $0 != 0 } ?? true
  }

  // MARK: - The reading

  func reading(location: EvidenceLocation, defaultDevice: String?) -> XCResultDatabaseReading {
    var reading = XCResultDatabaseReading()
    var seenDevices: Set<XCResultDatabaseDevice> = []
    for (_, destination) in all("RunDestinations") {
      if let device = device(destination["device_fk"]?.integer), seenDevices.insert(device).inserted {
        reading.devices.append(device)
      }
    }
    reading.xcodeVersion =
      all("Actions").lazy.compactMap { _, action -> String? in
        guard let tools = row("DeveloperTools", action["developerTools_fk"]?.integer),
          let version = tools["xcodeVersion"]?.text
        else { return nil }
        return tools["xcodeBuildVersion"]?.text.map { "\(version) (\($0))" } ?? version
      }.first

    // Issues, expected failures and arguments by the run that owns them.
    var issues: [Int64: [(order: Int64, id: Int64, row: Row)]] = [:]
    for (id, issue) in all("TestIssues") where isTopLevel(issue) {
      if let run = issue["testCaseRun_fk"]?.integer {
        issues[run, default: []].append((issue["orderInOwner"]?.integer ?? 0, id, issue))
      } else if let text = message(ofIssue: issue) {
        let suiteRun = row("TestSuiteRuns", issue["testSuiteRun_fk"]?.integer)
        let suite = row("TestSuites", suiteRun?["testSuite_fk"]?.integer)?["name"]?.text
        let device = placement(ofSuiteRun: issue["testSuiteRun_fk"]?.integer).device?.device.display
        reading.incompleteRuns.append(
          IncompleteRun(location: location, device: device ?? defaultDevice, suite: suite, cause: text))
      }
    }
    var expected: [Int64: [(order: Int64, row: Row)]] = [:]
    for (_, failure) in all("ExpectedFailures") {
      if let run = failure["testCaseRun_fk"]?.integer {
        expected[run, default: []].append((failure["orderInOwner"]?.integer ?? 0, failure))
      }
    }
    var arguments: [Int64: [(order: Int64, rank: Int, text: String)]] = [:]
    for (_, argument) in all("Arguments") {
      guard let run = argument["testCaseRun_fk"]?.integer else { continue }
      let value = row("TestValues", argument["testValue_fk"]?.integer)?["description"]?.text ?? ""
      let parameter = row("Parameters", argument["parameter_fk"]?.integer)
      let (rank, text) = XCResultUIConfiguration.argument(
        value, parameter: parameter?["label"]?.text ?? parameter?["name"]?.text)
      arguments[run, default: []].append((argument["orderInTestCaseRun"]?.integer ?? 0, rank, text))
    }
    let expectedIssues = Set(expected.values.flatMap { $0 }.compactMap { $0.row["issue_fk"]?.integer })

    // Runs grouped by test case, in the database's order; each case's attempts folded.
    var runsByCase: [Int64: [(Int64, Row)]] = [:]
    var caseOrder: [Int64] = []
    for (id, run) in all("TestCaseRuns") {
      guard let testCase = run["testCase_fk"]?.integer else { continue }
      if runsByCase[testCase] == nil { caseOrder.append(testCase) }
      runsByCase[testCase, default: []].append((id, run))
    }
    var runContext: [Int64: (test: String, device: String?, configuration: String?, arguments: String?)] = [:]
    for testCase in caseOrder {
      guard let caseRow = row("TestCases", testCase) else {
        // Runs of a test the database does not list: no identity to give them, so not read.
        let count = runsByCase[testCase]?.count ?? 0
        reading.problems.append(
          ReadProblem(
            location: location,
            message:
              "database.sqlite3: \(count) test run(s) name test case \(testCase), which its TestCases table lacks; they are not read"
          ))
        continue
      }
      let suite = row("TestSuites", caseRow["testSuite_fk"]?.integer)
      var context = XCResultContext()
      context.suite = suite?["name"]?.text
      let identifier = caseRow["identifier"]?.text
      let (classname, name) = XCResultTree.identity(
        identifier: identifier, name: caseRow["name"]?.text, context: context)
      for (id, run) in runsByCase[testCase] ?? [] {
        let placement = placement(ofSuiteRun: run["testSuiteRun_fk"]?.integer)
        let result = run["result"]?.text
        reading.runResults[result ?? "", default: 0] += 1
        var messages: [String] = []
        let owned = (issues[id] ?? []).sorted { ($0.order, $0.id) < ($1.order, $1.id) }
        switch result {
        case "Skipped":
          if let notice = row("SkipNotices", run["skipNotice_fk"]?.integer)?["message"]?.text {
            messages.append(notice)
          }
        case "Expected Failure", "ExpectedFailure":
          for failure in (expected[id] ?? []).sorted(by: { $0.order < $1.order }) {
            let issue = row("TestIssues", failure.row["issue_fk"]?.integer).flatMap { message(ofIssue: $0) }
            let reason = failure.row["failureReason"]?.text
            messages += [reason, issue].compactMap(\.self)
          }
        default: break
        }
        messages += owned.filter { !expectedIssues.contains($0.id) }.compactMap { message(ofIssue: $0.row) }
        // Trimmed and cut as the JSON reader takes a message (JUnit's rules).
        let joined = Array(messages.joined(separator: "\n").utf8).withUnsafeBufferPointer { JUnitText.message($0) }
        let (outcome, text) = Self.outcome(result: result, message: joined)
        let argumentText = arguments[id].map { list in
          list.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.text).joined(separator: ", ")
        }
        let duration = run["duration"]?.double.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        let execution = TestExecution(
          location: location, classname: classname, name: name,
          device: placement.device?.device.display ?? defaultDevice, outcome: outcome, time: duration,
          message: text, configuration: placement.configuration, arguments: argumentText,
          os: placement.device?.device.os)
        reading.attempts.append(execution)
        runContext[id] = (identifier ?? name, execution.device, execution.configuration, argumentText)
      }
    }

    // Attachments: the run of their activity (or of the activity's parents), or of their issue.
    for (_, attachment) in all("Attachments") {
      var run: Int64?
      var activity = attachment["activity_fk"]?.integer
      var seen: Set<Int64> = []
      while run == nil, let current = activity, seen.insert(current).inserted,
        let parent = row("Activities", current)
      {
        run = parent["testCaseRun_fk"]?.integer
        activity = parent["parent_fk"]?.integer
      }
      let issue = row("TestIssues", attachment["testIssue_fk"]?.integer)
      if run == nil { run = issue?["testCaseRun_fk"]?.integer }
      let context = run.flatMap { runContext[$0] }
      let time = attachment["timestamp"]?.double.flatMap { seconds in
        EvidenceTime(
          unixSeconds: seconds + XCResultDatabaseReader.referenceDate,
          written: attachment["timestamp"]?.text ?? "", source: "database Attachments.timestamp")
      }
      var taken = XCResultBundleAttachment(testIdentifier: context?.test, name: attachment["name"]?.text)
      taken.filename = attachment["filenameOverride"]?.text
      taken.uniformType = attachment["uniformTypeIdentifier"]?.text
      taken.uuid = attachment["uuid"]?.text
      taken.payloadID = attachment["xcResultKitPayloadRefId"]?.text
      taken.device = context?.device
      taken.configuration = context?.configuration
      taken.arguments = context?.arguments
      taken.time = time
      taken.isAssociatedWithFailure = issue != nil
      reading.attachments.append(taken)
    }
    return reading
  }

  /// The outcome and message a database `result` stands for, as the JSON reader decides them for
  /// the same run (`Success` is xcresulttool's `Passed`).
  static func outcome(result: String?, message: String?) -> (TestOutcome, String?) {
    switch result {
    case "Success": return XCResultTree.outcome(result: "Passed", message: message)
    case "Failure": return XCResultTree.outcome(result: "Failed", message: message)
    case "Skipped": return XCResultTree.outcome(result: "Skipped", message: message)
    case "Expected Failure", "ExpectedFailure":
      return XCResultTree.outcome(result: "Expected Failure", message: message)
    case let other?:
      return (
        .skipped, "the database gives the result \"\(other)\", which proves nothing" + (message.map { ": \($0)" } ?? "")
      )
    case nil:
      return (.skipped, "the database gives no result, which proves nothing" + (message.map { ": \($0)" } ?? ""))
    }
  }
}
