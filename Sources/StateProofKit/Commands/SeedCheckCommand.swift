import Foundation
import StateProofModel
import StateProofRead

/// `stateproof seed-check`: the read-back step of a seed script. Reads `dumpsys package` output,
/// finds one permission's line for one user, and says whether the seeded state took.
package enum SeedCheckCommand: Command {
  package static let spec = CommandSpec(
    name: "seed-check",
    summary: "Check that a seeded Android permission state took (reads dumpsys output).",
    arguments: "[FILE]", minimumArguments: 0, maximumArguments: 1,
    options: [
      OptionSpec("permission", value: "NAME", required: true, help: "The permission, e.g. android.permission.CAMERA."),
      OptionSpec("want", value: "STATE", required: true, help: "The state the seed step set: \(AndroidPermissionState.states.joined(separator: ", "))."),
      OptionSpec("user", value: "N", help: "The Android user whose line to read (default: 0)."),
      OptionSpec("package", value: "PKG", help: "The app's package, when the dump holds several."),
      OptionSpec("record", value: "FILE", help: "Append the result as one JSON line, which `report` reads as seed evidence."),
      OptionSpec("time", value: "TIME", help: "A time to put in the record (default: none, or SOURCE_DATE_EPOCH when set)."),
    ],
    discussion: """
      Reads the dump from FILE, or from standard input. Prints the permission line it used, as the \
      seed script's read-back does. In a dump with Package [...] headers only the package's own \
      block counts, and the SharedUser block its block declares (sharedUser=); without --package, \
      lines of several packages or shared users are refused and listed.
      """,
    exitStatus: [
      (0, "the state took"),
      (1, "it did not; standard error says \"seed did not take: wanted STATE, found OTHER\""),
      (2, "the input has no such permission line for that user, the package is not installed for it, lines of several packages or shared users remain without --package (they are listed), or the arguments are wrong"),
    ],
    examples: [
      "adb shell dumpsys package com.example.scanner | stateproof seed-check --permission android.permission.CAMERA --want blocked",
      "stateproof seed-check --permission android.permission.CAMERA --want granted --user 10 --record seeds.jsonl dump.txt",
    ])

  package static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    // Both are required options: the parser has already refused a command line without them.
    let permission = arguments.value("permission")!
    let want = arguments.value("want")!
    var user = 0
    if let text = arguments.value("user") {
      guard let number = Int(text), number >= 0 else {
        throw UsageError(command: spec.name, message: "--user takes a user number, found \"\(text)\"")
      }
      user = number
    }
    let time = try GeneratedAt.resolve(option: arguments.value("time"), environment: console.environment)
    let package = arguments.value("package")
    let checked: Result<SeedCheckResult, SeedCheckError>
    if let path = arguments.positionals.first {
      switch RegularFile.open(path) {
      case .success(let file):
        checked = SeedCheck.check(file: file, permission: permission, want: want, user: user, package: package)
      case .failure(let error): throw StateProofError.input("\(path): \(error)")
      }
    } else {
      checked = SeedCheck.check(
        dump: console.readInput(), permission: permission, want: want, user: user, package: package)
    }
    let result: SeedCheckResult
    switch checked {
    case .success(let value): result = value
    case .failure(let error): throw StateProofError.input("\(error)")
    }
    try console.write(CommandLineTool.line(result.line))
    if let path = arguments.value("record") {
      try append(result.record(time: time), to: path)
    }
    guard result.taken else {
      try console.writeError(CommandLineTool.line("\(SeedLogReader.notTakenMarker)\(want), found \(result.found)"))
      return 1
    }
    return 0
  }

  private static func append(_ record: SeedCheckRecord, to path: String) throws {
    try DescriptorWriter.append(Data((try record.jsonLine() + "\n").utf8), toFileAt: path, name: "the seed record")
  }
}
