import Foundation
import Mustache
import StateProofRender
import StateProofDiscover
import StateProofModel
import StateProofEvidence
import StateProofRead

/// What `inspect` reads from each file, entry by entry as it is read: the walk and examination
/// `report` uses, then each file's reader, streamed (JUnit and xcresulttool JSON show every
/// execution as it is read, before retries are folded).
package enum Inspector {
  /// Inspects every file under `paths`, handing each entry to `emit`; stops before the next file
  /// once `stopped` says so.
  package static func inspect(
    _ paths: [String], device: String?, hashing: Bool, environment: [String: String],
    stopped: () -> Bool, emit: (InspectItem, (() -> String)?) -> Void
  ) {
    // The walk and examination `report` reads. Without hashing, big JUnit files are read once,
    // by the reader alone.
    let tool = XCResultTool(environment: environment)
    for file in EvidenceCollector.files(paths: paths, deferJUnitHashing: !hashing) {
      if stopped() { break }
      // A bundle StateProof reads itself; xcresulttool's export when it cannot (and xcrun exists).
      if file.record.kind == .xcresultBundle, file.record.status == .unreadable {
        inspect(file, device: device, emit: emit)
        continue
      }
      if file.record.kind == .xcresultBundle,
        inspectBundle(file, fallingBack: tool.xcrun != nil, emit: emit)
      {
        continue
      }
      guard file.record.kind == .xcresultBundle, tool.xcrun != nil else {
        inspect(file, device: device, emit: emit)
        continue
      }
      // A result bundle: what xcresulttool exports from it, file by file.
      let export = tool.export(file)
      let exports = TemporaryFolders(export.folder.map { [$0] } ?? [])
      for folder in exports.urls { InterruptCleanup.shared.register(folder.path) }
      emit(.file(export.record)) { describe(export.record) }
      for exported in export.files where !stopped() {
        inspect(EvidenceDiscovery.examine(exported, deferJUnitHashing: !hashing), device: device, emit: emit)
      }
    }
  }

  private static func inspect(
    _ file: DiscoveredFile, device: String?, emit: (InspectItem, (() -> String)?) -> Void
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
      for seed in set.simulatorSeeds {
        emit(.simulatorSeed(seed)) {
          "  line \(seed.location.line ?? 0), iOS Simulator \(seed.store) (\(seed.confidence) confidence): \(seed.raw) → \(seed.state), wanted \(seed.wanted)"
        }
      }
      // A runner's record (Marathon's): the test it ran, on its device.
      for test in set.tests { emit(.test(test), nil) }
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
    _ file: DiscoveredFile, fallingBack: Bool, emit: (InspectItem, (() -> String)?) -> Void
  ) -> Bool {
    let (set, yield) = EvidenceReader.readBundle(file)
    if fallingBack, yield.attempts.isEmpty, !yield.problems.isEmpty { return false }
    let read = set.files.first ?? file.record
    let executions = yield.executions
    emit(.file(read)) {
      let outcomes = TestOutcome.allCases.map { outcome in
        "\(executions.filter { $0.outcome == outcome }.count) \(outcome.rawValue)"
      }
      let devices = yield.devices.compactMap(\.display)
      return describe(read) + "; \(yield.attempts.count) attempts, \(executions.count) executions: "
        + outcomes.joined(separator: ", ") + "; devices: "
        + (devices.isEmpty ? "none" : devices.joined(separator: ", "))
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
      + (record.kind == .runnerRecord && !record.devices.isEmpty
        ? "; device: \(record.devices.joined(separator: ", "))" : "")
  }
}
