import Mustache
@_spi(CLI) import StateProofKit
import StateProofRender

/// The `stateproof` command line: dispatches to a subcommand and maps every error to a message
/// on standard error and an exit status, in one place.
enum CommandLineTool {
  static let commands: [any Command.Type] = [
    ReportCommand.self, InspectCommand.self, SeedCheckCommand.self, SeedPlanCommand.self, RenderCommand.self,
    VerifyCommand.self, HistoryCommand.self, InitCommand.self, CompletionCommand.self,
  ]

  /// Runs `stateproof` with `arguments` (without the program name) and returns the exit status.
  static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
    do {
      return try dispatch(arguments, console: console)
    } catch let failure as CommandFailure {
      // Standard error may be the stream that failed; then the exit status says it alone.
      try? console.writeError(
        report(failure.error, by: "stateproof" + (failure.command.map { " " + $0 } ?? "")))
      return 2
    } catch {
      try? console.writeError(report(error, by: "stateproof"))
      return 2
    }
  }

  /// An error that ends a run, with the command it ended.
  private struct CommandFailure: Error {
    var command: String?
    var error: any Error
  }

  private static func dispatch(_ arguments: [String], console: Console) throws -> Int32 {
    guard let first = arguments.first else {
      try console.writeError(overview)
      return 2
    }
    switch first {
    case "--version", "version":
      switch arguments.dropFirst().first {
      case nil:
        try console.write("stateproof \(StateProof.version)\n")
      case "--json":
        try console.write(String(decoding: try StateProof.json(StateProof.toolInfo), as: UTF8.self) + "\n")
      case let other?:
        throw UsageError(command: nil, message: "--version takes only --json, not \"\(other)\"")
      }
      return 0
    case "--help", "-h":
      try console.write(overview)
      return 0
    case "help":
      guard let name = arguments.dropFirst().first, name != "--help", name != "-h" else {
        try console.write(overview)
        return 0
      }
      if name == "--list" {
        try console.write(listing)
        return 0
      }
      if name == "--man" {
        try console.write(ManualPage(commands: commands.map { $0.spec }).text)
        return 0
      }
      guard let command = commands.first(where: { $0.spec.name == name }) else {
        throw unknown(name)
      }
      try console.write(command.spec.help)
      return 0
    default:
      break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
      throw unknown(first)
    }
    do {
      return try execute(command, Array(arguments.dropFirst()), console: console)
    } catch {
      throw CommandFailure(command: command.spec.name, error: error)
    }
  }

  /// The usage error for a first word that is no command (or no top-level option), with the
  /// nearest names.
  private static func unknown(_ word: String) -> UsageError {
    if word.hasPrefix("-") {
      let options = ["--version", "--help", "-h"]
      return UsageError(message: "unknown option \(word)" + StateProof.didYouMean(word, among: options))
    }
    let names = commands.map { $0.spec.name } + ["help", "version"]
    let near = StateProof.didYouMean(word, among: names)
    return UsageError(
      message: "no command named \"\(word)\""
        + (near.isEmpty ? "; the commands are \(commands.map { $0.spec.name }.joined(separator: ", "))" : near))
  }

  /// Parses `arguments` for `command` and runs it, or prints its help when asked.
  private static func execute<C: Command>(_ command: C.Type, _ arguments: [String], console: Console) throws -> Int32 {
    let parsed = try ParsedArguments<C.Option>(arguments, spec: C.spec)
    if parsed.wantsHelp {
      try console.write(C.spec.help)
      return 0
    }
    return try C.run(parsed, console: console)
  }

  /// `message` as one line of a terminal or CI log, made visible and inert: messages quote file
  /// names, paths, configuration keys and evidence lines, which may hold anything.
  static func line(_ message: String) -> String {
    Escaping.terminal.escape(message) + "\n"
  }

  /// `error` as standard error shows it: `source: message`, each of its lines escaped (only a
  /// usage error has a second line, its pointer to the help).
  private static func report(_ error: any Error, by source: String) -> String {
    let lines = (error as? UsageError)?.lines ?? ["\(error)"]
    return line("\(source): \(lines[0])") + lines.dropFirst().map(line).joined()
  }

  /// The top-level help: what the tool is for and its commands.
  static var overview: String {
    var lines = [
      "stateproof \(StateProof.version): proves every permission state of a mobile app from its test evidence.",
      "",
      "USAGE",
      "  stateproof COMMAND [OPTIONS] [ARGUMENTS]",
      "",
      "COMMANDS",
    ]
    for command in commands {
      let name = "  " + command.spec.name
      lines.append(name + String(repeating: " ", count: max(2, 16 - name.count)) + command.spec.summary)
    }
    lines += [
      "",
      "Run 'stateproof COMMAND --help' (or -h, or 'stateproof help COMMAND') for a command's manual",
      "page, 'stateproof --version' for the version ('--version --json' adds the commit, build date",
      "and the optional libraries found), 'stateproof help --list' for every command and option in a",
      "form scripts read, and 'stateproof help --man' for the manual page stateproof(1).",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every command and its options, one command a line: the name, then `--option` or
  /// `--option=VALUE` for each, separated by spaces. Scripts check command lines against it.
  static var listing: String {
    let lines = commands.map { command in
      ([command.spec.name] + command.spec.options.map { "--\($0.name)" + ($0.value.map { "=\($0)" } ?? "") })
        .joined(separator: " ")
    }
    return (lines + ["help --list --man"]).joined(separator: "\n") + "\n"
  }
}
