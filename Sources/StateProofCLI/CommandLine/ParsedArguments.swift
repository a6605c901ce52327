@_spi(CLI) import StateProofKit

/// A command line parsed against a `CommandSpec`: option values, looked up by the command's own
/// option cases (so a misspelled option does not compile), and the positionals.
struct ParsedArguments<Option: CommandOption>: Sendable {
  private var values: [String: [String]] = [:]
  private(set) var positionals: [String] = []
  /// The arguments as given (after the command name), for the report to record.
  let arguments: [String]
  /// The command's name, for the errors its values give.
  let command: String

  /// Parses `arguments` (after the command name); `--name=value` and `--name value` both work,
  /// `-h` is `--help`, and `--` ends the options. Before `--`, a word starting with `-` is never a
  /// positional (an evidence path): it is an option or a usage error (`-` alone stays a word, the
  /// way commands name standard input). An option's value taken from the next word may not
  /// start with `-` either (`--out -h`), and a file or folder given as a value may not be empty.
  init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
    self.arguments = arguments
    command = spec.name
    var remaining = arguments[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "-h" {
        values[CommandSpec.help, default: []].append("")
        continue
      }
      guard argument.hasPrefix("--") else {
        throw UsageError(
          command: spec.name,
          message: "unknown option \(argument)"
            + Self.suggestion(String(argument.dropFirst()), spec: spec, positional: true))
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        throw UsageError(
          command: spec.name, message: "unknown option --\(name)" + Self.suggestion(name, spec: spec, positional: false)
        )
      }
      let value: String
      if let valueName = option.value {
        if let inlineValue {
          value = inlineValue
        } else if let next = remaining.popFirst() {
          guard next == "-" || !next.hasPrefix("-") else {
            throw UsageError(
              command: spec.name,
              message:
                "--\(name) needs a value (\(valueName)), found \(next); write --\(name)=VALUE for a value starting with -"
            )
          }
          value = next
        } else {
          throw UsageError(command: spec.name, message: "--\(name) needs a value (\(valueName))")
        }
        if value.isEmpty, CompletionScript.kind(ofValue: valueName) != .nothing {
          throw UsageError(command: spec.name, message: "--\(name) needs a value (\(valueName)), found an empty one")
        }
      } else {
        guard inlineValue == nil else {
          throw UsageError(command: spec.name, message: "--\(name) takes no value")
        }
        value = ""
      }
      if !option.repeatable, values[name] != nil {
        throw UsageError(command: spec.name, message: "--\(name) is given more than once")
      }
      values[name, default: []].append(value)
    }
    let help = values[CommandSpec.help] != nil
    if !help, let missing = spec.options.first(where: { $0.required && values[$0.name] == nil }) {
      throw UsageError(command: spec.name, message: "--\(missing.name) is required")
    }
    guard help || positionals.count >= spec.minimumArguments else {
      throw UsageError(command: spec.name, message: "expected \(spec.arguments)")
    }
    if let maximum = spec.maximumArguments, positionals.count > maximum {
      throw UsageError(
        command: spec.name, message: "unexpected argument \"\(positionals[maximum])\"")
    }
  }

  /// " (did you mean --out?)" for a mistyped option `name` (without its dashes); for a word
  /// that would have been a positional, also a word to put after `--` when it is one.
  private static func suggestion(_ name: String, spec: CommandSpec, positional: Bool) -> String {
    let near = StateProof.didYouMean(name, among: spec.options.map(\.name), shownAs: "--")
    guard positional else { return near }
    let after =
      spec.maximumArguments == 0 ? "" : "; a \(spec.arguments.filter { $0 != "." }) that starts with - goes after --"
    return near + ": options start with --\(after)"
  }

  /// Whether `--help` was given: the command prints its help and does nothing else.
  var wantsHelp: Bool { values[CommandSpec.help] != nil }

  /// The option's value, nil when it was not given.
  func value(_ option: Option) -> String? { values[option.rawValue]?.last }

  /// Every value of a repeatable option, in order.
  func all(_ option: Option) -> [String] { values[option.rawValue] ?? [] }

  /// Whether a flag was given.
  func flag(_ option: Option) -> Bool { values[option.rawValue] != nil }

  /// The value of an option the command line must give; the parser refuses a command line
  /// without it, and this says so again rather than trusting that.
  func required(_ option: Option) throws(UsageError) -> String {
    guard let value = value(option) else {
      throw UsageError(command: command, message: "--\(option.rawValue) is required")
    }
    return value
  }

  /// The option's value as a time (``ZonedTime``, the one grammar of command-line times); nil
  /// when it was not given.
  func time(_ option: Option) throws(UsageError) -> ZonedTime? {
    guard let text = value(option) else { return nil }
    do {
      return try ZonedTime(text)
    } catch {
      throw UsageError(
        command: command, message: "--\(option.rawValue) takes \(ZonedTime.expected), found \"\(text)\" (\(error))")
    }
  }
}
