import Foundation
import Mustache
import StateProofRender
import StateProofKit

/// `stateproof inspect`: shows what StateProof reads from each file, so a user can see why a piece
/// of evidence did or did not match.
enum InspectCommand: Command {
  /// The options `stateproof inspect` takes, in the order help lists them.
  enum Option: String, CommandOption {
    case format
    case device
  }

  static let spec = CommandSpec(
    name: "inspect",
    summary: "Show what StateProof reads from each evidence file.",
    arguments: "PATH...", minimumArguments: 1, maximumArguments: nil,
    options: [
      OptionSpec(
        "format", value: "FORMAT", help: "text (default) or json: one JSON object per line, streamed as files are read."
      ),
      OptionSpec("device", value: "NAME", help: "The device for test results that do not name one."),
    ],
    keyedBy: Option.self,
    discussion: """
      For every file: its kind and the format it was recognised as (the JUnit producer, the \
      xcresulttool command that printed a JSON file, a known format StateProof does not read), \
      size, SHA-256 and whether it could be read. xcresulttool JSON: the command, test cases and \
      executions by outcome, node types; an Xcode result bundle: its version, devices, tests and \
      attachments, read natively (on a Mac built without zstd, through xcrun). Seed logs: every \
      permission line with its user, flags and classified state. JUnit: the dialect, suites and \
      totals by outcome, and every run the file records as stopped early (a crash, a failed \
      install) with its device and cause (with --format json, every test execution as it is read). Images: format \
      and dimensions from the header. Attachment manifests: each attachment with its name, test, device \
      and exported file. Problems name the file, line and column.
      """,
    exitStatus: [
      (0, "every file was inspected; problems found in files are listed, not fatal"),
      (
        2,
        "usage error (a PATH that does not exist or cannot be read among them), or standard output cannot be written (a closed pipe, a full disk)"
      ),
    ],
    examples: [
      "stateproof inspect android/seed/seed-camera-blocked.log",
      "stateproof inspect --format json build/outputs/androidTest-results | jq 'select(.type == \"test\")'",
    ])

  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32 {
    let json = try TextOrJSON(argument: arguments.value(.format), command: spec.name) == .json
    try StateProof.checkEvidence(arguments.positionals)
    let writer = LineWriter(console: console)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Each entry is a JSON line, or in text mode its line (none for single test executions,
    // which only JSON lists), with evidence text made visible and inert. Text shows no hashes:
    // big JUnit files are then read once, by the reader alone.
    StateProof.inspect(
      arguments.positionals, device: arguments.value(.device), hashing: json, environment: console.environment
    ) { entry in
      if json {
        writer.line((try? String(decoding: encoder.encode(entry), as: UTF8.self)) ?? "{}")
      } else if let text = entry.text {
        writer.line(Escaping.terminal.escape(text))
      }
      return !writer.failed
    }
    try writer.finish()
    return 0
  }
}
