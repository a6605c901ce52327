import Foundation
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
      seed script's read-back does.
      """,
    exitStatus: [
      (0, "the state took"),
      (1, "it did not; standard error says \"seed did not take: wanted STATE, found OTHER\""),
      (2, "the input has no such permission line for that user, or the arguments are wrong"),
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
    let dump: Data
    if let path = arguments.positionals.first {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw StateProofError.input("cannot read \(path)")
      }
      dump = data
    } else {
      dump = console.readInput()
    }
    let result: SeedCheckResult
    switch SeedCheck.check(
      dump: dump, permission: permission, want: want, user: user, package: arguments.value("package"))
    {
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
