import Foundation
import Mustache
import StateProofRender
import StateProofDiscover
import StateProofModel
import StateProofRead

/// `stateproof inspect`: shows what StateProof reads from each file, so a user can see why a piece
/// of evidence did or did not match.
package enum InspectCommand: Command {
  package static let spec = CommandSpec(
    name: "inspect",
    summary: "Show what StateProof reads from each evidence file.",
    arguments: "PATH...", minimumArguments: 1, maximumArguments: nil,
    options: [
      OptionSpec("format", value: "FORMAT", help: "text (default) or json: one JSON object per line, streamed as files are read."),
      OptionSpec("device", value: "NAME", help: "The device for test results that do not name one."),
    ],
    discussion: """
      For every file: its kind and the format it was recognised as (the JUnit producer, the \
      xcresulttool command that printed a JSON file, a known format StateProof does not read), \
      size, SHA-256 and whether it could be read. xcresulttool JSON: the command, test cases and \
      executions by outcome, node types; an Xcode result bundle is exported with xcrun where it \
      exists, else the commands to run on a Mac are named. Seed logs: every \
      permission line with its user, flags and classified state. JUnit: the dialect, suites and \
      totals by outcome, and every run the file records as stopped early (a crash, a failed \
      install) with its device and cause (with --format json, every test execution as it is read). Images: format \
      and dimensions from the header. Attachment manifests: each attachment with its name, test, device \
      and exported file. Problems name the file, line and column.
      """,
    exitStatus: [
      (0, "every file was inspected; problems found in files are listed, not fatal"),
      (2, "usage error, or standard output cannot be written (a closed pipe, a full disk)"),
    ],
    examples: [
      "stateproof inspect android/seed/seed-camera-blocked.log",
      "stateproof inspect --format json build/outputs/androidTest-results | jq 'select(.type == \"test\")'",
    ])

  package static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let json = try TextOrJSON(argument: arguments.value("format"), command: spec.name) == .json
    let writer = LineWriter(console: console)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Each entry is a JSON line, or in text mode the line its closure describes (none for
    // single test executions, which only JSON lists), with evidence text made visible and inert.
    let emit: (InspectEntry, (() -> String)?) -> Void = { entry, text in
      if json {
        writer.line((try? String(decoding: encoder.encode(entry), as: UTF8.self)) ?? "{}")
      } else if let text {
        writer.line(Escaping.terminal.escape(text()))
      }
    }
    // The walk and examination `report` reads. Text shows no hashes: big JUnit files are then
    // read once, by the reader alone.
    let tool = XCResultTool(environment: console.environment)
    for file in EvidenceCollector.files(paths: arguments.positionals, deferJUnitHashing: !json) {
      if writer.failed { break }
      // A bundle StateProof reads itself; xcresulttool's export when it cannot (and xcrun exists).
      if file.record.kind == .xcresultBundle, XCResultBundleReader.isAvailable,
        inspectBundle(file, fallingBack: tool.xcrun != nil, emit: emit)
      {
        continue
      }
      guard file.record.kind == .xcresultBundle, tool.xcrun != nil else {
        inspect(file, device: arguments.value("device"), emit: emit)
        continue
      }
      // A result bundle: what xcresulttool exports from it, file by file.
      let export = tool.export(file)
      let exports = TemporaryFolders(export.folder.map { [$0] } ?? [])
      for folder in exports.urls { InterruptCleanup.shared.register(folder.path) }
      emit(.file(export.record)) { describe(export.record) }
      for exported in export.files where !writer.failed {
        inspect(EvidenceDiscovery.examine(exported, deferJUnitHashing: !json), device: arguments.value("device"), emit: emit)
      }
    }
    try writer.finish()
    return 0
  }

  private static func inspect(
    _ file: DiscoveredFile, device: String?, emit: (InspectEntry, (() -> String)?) -> Void
  ) {
    let record = file.record
    var problems: [ReadProblem] = []
    switch record.kind {
    // JUnit is streamed here rather than read into a set: inspect shows every execution as it is
    // read, before retries are folded, and the file's dialect and counts.
    case .junit where record.status != .unreadable:
      emit(.file(record)) { describe(record) }
      var summary = JUnitFileSummary()
      withoutActuallyEscaping(emit) { emit in
        summary = JUnitReader.read(file, defaultDevice: device) { emit(.test($0), nil) }
      }
      if !summary.isTestReport {
        var ignored = record
        EvidenceReader.listAsNoTestReport(&ignored, summary)
        emit(.file(ignored)) { "  not test results: \(ignored.error?.description ?? "")" }
      } else {
        let outcomes = Dictionary(
          uniqueKeysWithValues: TestOutcome.allCases.map { ($0.rawValue, summary.outcomes[$0]) })
        emit(
          .junit(
            path: record.path, dialect: summary.dialect.rawValue, suites: summary.suiteCount,
            complete: summary.isComplete, outcomes: outcomes, devices: summary.devices)
        ) {
          let totals = TestOutcome.allCases.map { "\(summary.outcomes[$0]) \($0.rawValue)" }
          return "  \(summary.dialect.rawValue), \(summary.suiteCount) suites, \(summary.testCount) executions: "
            + totals.joined(separator: ", ") + (summary.isComplete ? "" : " (file breaks off)")
            + (summary.devices.isEmpty ? "" : "; devices: " + summary.devices.joined(separator: ", "))
        }
      }
      for stop in summary.incompleteRuns {
        emit(.incompleteRun(stop)) {
          "  run stopped early" + (stop.device.map { " on \($0)" } ?? "")
            + " (line \(stop.line.map(String.init) ?? "?")\(stop.suite.map { ", suite \($0)" } ?? "")): "
            + MessageLines(stop.cause).shortened(to: 300, markingRest: true)
        }
      }
      problems = summary.problems
    case .xcresultJSON where record.status != .unreadable:
      var result: (set: EvidenceSet, summary: XCResultFileSummary?) = (EvidenceSet(), nil)
      withoutActuallyEscaping(emit) { emit in
        result = EvidenceReader.readXCResult(file, defaultDevice: device) { emit(.test($0), nil) }
      }
      let read = result.set.files.first ?? record
      emit(.file(read)) { describe(read) }
      if let summary = result.summary, summary.command != nil, read.kind == .xcresultJSON {
        emit(.xcresult(path: read.path, summary: summary)) { "  " + XCResultDescription.text(summary) }
      }
      for attachment in result.set.activityAttachments {
        emit(.activityAttachment(attachment)) {
          "  attachment \(attachment.name.map { "\"\($0)\"" } ?? "(no name)") of \(attachment.testIdentifier ?? "no test")"
            + (attachment.device.map { " on \($0)" } ?? "") + (attachment.arguments.map { " (\($0))" } ?? "")
            + " → exported as \(attachment.uuid ?? "(no uuid)")"
        }
      }
      problems = result.set.problems
    default:
      let set = EvidenceCollector.read(file)
      let read = set.files.first ?? record
      emit(.file(read)) { describe(read) }
      for seed in set.seeds {
        emit(.seed(seed)) {
          let user = seed.user.map { "user \($0)" } ?? "no user"
          let wanted = seed.wanted.map { ", wanted \($0)" } ?? ""
          return "  line \(seed.location.line ?? 0), \(user)\(scope(seed)): \(seed.permission) granted=\(seed.granted) "
            + "[\(seed.flags.joined(separator: " "))] → \(seed.state)\(seed.variant.map { " (\($0))" } ?? "")\(wanted)"
        }
      }
      for image in set.screenshots {
        emit(.image(image)) {
          "  \(image.format.rawValue) \(image.width)×\(image.height), sha256 \(image.sha256)"
            + (image.device.map { ", device \($0)" } ?? "")
        }
      }
      for attachment in set.attachments {
        emit(.attachment(attachment)) {
          "  attachment \(attachment.name.map { "\"\($0)\"" } ?? "(no name)")"
            + " of \(attachment.testIdentifier ?? "no test")"
            + (attachment.device.map { " on \($0)" } ?? "") + " → \(attachment.path)"
            + (attachment.isAutomatic ? " (XCTest's own, skipped)" : "")
        }
      }
      problems = set.problems
    }
    for problem in problems {
      emit(.problem(problem)) { "  problem: \(problem)" }
    }
  }

  /// A result bundle read by StateProof itself: its record, every attempt (JSON only), a line of
  /// totals, its attachments, stops and problems. False, having printed nothing, when it read
  /// nothing and `fallingBack` (xcresulttool will read it instead).
  private static func inspectBundle(
    _ file: DiscoveredFile, fallingBack: Bool, emit: (InspectEntry, (() -> String)?) -> Void
  ) -> Bool {
    let (set, yield) = EvidenceReader.readBundle(file)
    if fallingBack, yield.attempts.isEmpty, !yield.problems.isEmpty { return false }
    let read = set.files.first ?? file.record
    let executions = yield.executions
    emit(.file(read)) {
      let outcomes = TestOutcome.allCases.map { outcome in "\(executions.filter { $0.outcome == outcome }.count) \(outcome.rawValue)" }
      let devices = yield.devices.compactMap(\.display)
      return describe(read) + "; \(yield.attempts.count) attempts, \(executions.count) executions: "
        + outcomes.joined(separator: ", ") + "; devices: " + (devices.isEmpty ? "none" : devices.joined(separator: ", "))
        + "; \(yield.attachments.count) attachments"
    }
    for attempt in yield.attempts { emit(.test(attempt), nil) }
    for attachment in yield.attachments {
      var listed = ActivityAttachment(
        location: file.location(), testIdentifier: attachment.testIdentifier, suggestedName: attachment.filename,
        name: attachment.name, uuid: attachment.payloadID, device: attachment.device,
        configuration: attachment.configuration, arguments: attachment.arguments)
      listed.time = attachment.time
      emit(.activityAttachment(listed)) {
        "  attachment \(attachment.name.map { "\"\($0)\"" } ?? "(no name)") of \(attachment.testIdentifier ?? "no test")"
          + (attachment.device.map { " on \($0)" } ?? "") + (attachment.time.map { " at \($0)" } ?? "")
          + " → Data/data.\(attachment.payloadID ?? "?")"
      }
    }
    for stop in yield.incompleteRuns {
      emit(.incompleteRun(stop)) { "  run stopped early" + (stop.device.map { " on \($0)" } ?? "") + ": " + stop.cause }
    }
    for problem in yield.problems { emit(.problem(problem)) { "  problem: \(problem)" } }
    return true
  }

  /// Where a seed line was printed, which decides whose it is: `, Package [x]`, `, SharedUser
  /// [s] declared by a`, `, not installed`, or nothing for a line that names no package.
  private static func scope(_ seed: SeedRecord) -> String {
    let notInstalled = seed.installed == false ? ", not installed" : ""
    switch seed.block {
    case .headerless: return ""
    case .outside: return ", outside any package block"
    case .package: return ", Package [\(seed.package ?? "")]\(notInstalled)"
    case .hiddenSystemPackage: return ", Package [\(seed.package ?? "")] (hidden system copy)\(notInstalled)"
    case .sharedUser:
      let members = seed.sharedUserPackages.map { $0.package + ($0.installed == false ? " (not installed)" : "") }
      return ", SharedUser [\(seed.sharedUser ?? "")] "
        + (members.isEmpty ? "declared by no package" : "declared by \(members.joined(separator: ", "))")
    }
  }

  /// `path: kind (format), N bytes, status (error)`: what the file was recognised as, and read.
  private static func describe(_ record: FileRecord) -> String {
    "\(record.path): \(record.kind.rawValue)\(record.format.map { " (\($0))" } ?? ""), \(record.bytes) bytes, "
      + record.status.rawValue + (record.error.map { " (\($0))" } ?? "")
  }
}
