import StateProofModel
import StateProofRead
import StateProofEvidence

/// What one ``InspectEntry`` holds, encoded as its line of `stateproof inspect --format json`: a
/// JSON object whose `type` says what it describes.
package enum InspectItem: Encodable {
  case file(FileRecord)
  case junit(path: String, dialect: String, suites: Int, complete: Bool, outcomes: [String: Int], devices: [String])
  case test(TestExecution)
  case seed(SeedRecord)
  case simulatorSeed(SimulatorSeed)
  case image(Screenshot)
  case attachment(AttachmentRecord)
  case xcresult(path: String, summary: XCResultFileSummary)
  case activityAttachment(ActivityAttachment)
  case incompleteRun(IncompleteRun)
  case problem(ReadProblem)

  private enum Key: String, CodingKey {
    case type, root, path, line, column, kind, bytes, sha256, status, error
    case dialect, suites, complete, outcomes
    case id, classname, name, device, devices, outcome, time, message, repetition
    case user, package, permission, granted, flags, state, variant, wanted, taken, raw, store, confidence
    case block, sharedUser, sharedUserPackages, installed
    case format, width, height, attachmentName, testIdentifier
    case manifest, exportedFileName, isAssociatedWithFailure, isAutomatic
    case suite, cause
    case command, totals, nodeTypes, uuid, configuration, arguments, os, suggestedName
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    switch self {
    case .file(let file):
      try container.encode("file", forKey: .type)
      try container.encode(file.root, forKey: .root)
      try container.encode(file.path, forKey: .path)
      try container.encode(file.kind, forKey: .kind)
      try container.encode(file.bytes, forKey: .bytes)
      try container.encode(file.sha256 ?? "", forKey: .sha256)
      try container.encode(file.status, forKey: .status)
      try container.encode(file.error?.description, forKey: .error)
      try container.encode(file.format, forKey: .format)
      try container.encode(file.devices, forKey: .devices)
    case .junit(let path, let dialect, let suites, let complete, let outcomes, let devices):
      try container.encode("junit", forKey: .type)
      try container.encode(path, forKey: .path)
      try container.encode(dialect, forKey: .dialect)
      try container.encode(suites, forKey: .suites)
      try container.encode(complete, forKey: .complete)
      try container.encode(outcomes, forKey: .outcomes)
      try container.encode(devices, forKey: .devices)
    case .test(let test):
      try container.encode("test", forKey: .type)
      try container.encode(test.location.path, forKey: .path)
      try container.encode(test.location.line, forKey: .line)
      try container.encode(test.id, forKey: .id)
      try container.encode(test.classname, forKey: .classname)
      try container.encode(test.name, forKey: .name)
      try container.encode(test.device, forKey: .device)
      try container.encode(test.outcome, forKey: .outcome)
      try container.encode(test.time, forKey: .time)
      try container.encode(test.message, forKey: .message)
      try container.encode(test.repetition, forKey: .repetition)
      try container.encode(test.configuration, forKey: .configuration)
      try container.encode(test.arguments, forKey: .arguments)
      try container.encode(test.os, forKey: .os)
    case .seed(let seed):
      try container.encode("seed", forKey: .type)
      try container.encode(seed.location.path, forKey: .path)
      try container.encode(seed.location.line, forKey: .line)
      try container.encode(seed.user, forKey: .user)
      try container.encode(seed.block, forKey: .block)
      try container.encode(seed.package, forKey: .package)
      try container.encode(seed.sharedUser, forKey: .sharedUser)
      try container.encode(seed.sharedUserPackages, forKey: .sharedUserPackages)
      try container.encode(seed.installed, forKey: .installed)
      try container.encode(seed.permission, forKey: .permission)
      try container.encode(seed.granted, forKey: .granted)
      try container.encode(seed.flags, forKey: .flags)
      try container.encode(seed.state, forKey: .state)
      try container.encode(seed.variant, forKey: .variant)
      try container.encode(seed.wanted, forKey: .wanted)
      try container.encode(seed.taken, forKey: .taken)
      try container.encode(seed.raw, forKey: .raw)
    case .simulatorSeed(let seed):
      try container.encode("simulator-seed", forKey: .type)
      try container.encode(seed.location.path, forKey: .path)
      try container.encode(seed.location.line, forKey: .line)
      try container.encode(seed.bundle, forKey: .package)
      try container.encode(seed.permission, forKey: .permission)
      try container.encode(seed.store, forKey: .store)
      try container.encode(seed.confidence, forKey: .confidence)
      try container.encode(seed.state, forKey: .state)
      try container.encode(seed.wanted, forKey: .wanted)
      try container.encode(seed.taken, forKey: .taken)
      try container.encode(seed.raw, forKey: .raw)
    case .image(let image):
      try container.encode("image", forKey: .type)
      try container.encode(image.location.path, forKey: .path)
      try container.encode(image.format, forKey: .format)
      try container.encode(image.width, forKey: .width)
      try container.encode(image.height, forKey: .height)
      try container.encode(image.sha256, forKey: .sha256)
      try container.encode(image.device, forKey: .device)
      try container.encode(image.attachmentName, forKey: .attachmentName)
      try container.encode(image.testIdentifier, forKey: .testIdentifier)
    case .attachment(let attachment):
      try container.encode("attachment", forKey: .type)
      try container.encode(attachment.manifest.path, forKey: .manifest)
      try container.encode(attachment.path, forKey: .path)
      try container.encode(attachment.exportedFileName, forKey: .exportedFileName)
      try container.encode(attachment.name, forKey: .name)
      try container.encode(attachment.testIdentifier, forKey: .testIdentifier)
      try container.encode(attachment.device, forKey: .device)
      try container.encode(attachment.isAssociatedWithFailure, forKey: .isAssociatedWithFailure)
      try container.encode(attachment.isAutomatic, forKey: .isAutomatic)
    case .xcresult(let path, let summary):
      try container.encode("xcresult", forKey: .type)
      try container.encode(path, forKey: .path)
      try container.encode(summary.command, forKey: .command)
      try container.encode(summary.totals, forKey: .totals)
      try container.encode(
        Dictionary(uniqueKeysWithValues: TestOutcome.allCases.map { ($0.rawValue, summary.outcomes[$0]) }),
        forKey: .outcomes)
      try container.encode(summary.nodeTypes, forKey: .nodeTypes)
      try container.encode(summary.devices, forKey: .devices)
      try container.encode(summary.isComplete, forKey: .complete)
    case .activityAttachment(let attachment):
      try container.encode("activity-attachment", forKey: .type)
      try container.encode(attachment.location.path, forKey: .path)
      try container.encode(attachment.location.line, forKey: .line)
      try container.encode(attachment.testIdentifier, forKey: .testIdentifier)
      try container.encode(attachment.suggestedName, forKey: .suggestedName)
      try container.encode(attachment.name, forKey: .name)
      try container.encode(attachment.uuid, forKey: .uuid)
      try container.encode(attachment.device, forKey: .device)
      try container.encode(attachment.configuration, forKey: .configuration)
      try container.encode(attachment.arguments, forKey: .arguments)
    case .incompleteRun(let stop):
      try container.encode("incomplete-run", forKey: .type)
      try container.encode(stop.path, forKey: .path)
      try container.encode(stop.line, forKey: .line)
      try container.encode(stop.device, forKey: .device)
      try container.encode(stop.suite, forKey: .suite)
      try container.encode(stop.cause, forKey: .cause)
    case .problem(let problem):
      try container.encode("problem", forKey: .type)
      try container.encode(problem.location.path, forKey: .path)
      try container.encode(problem.location.line, forKey: .line)
      try container.encode(problem.location.column, forKey: .column)
      try container.encode(problem.message, forKey: .message)
    }
  }
}
