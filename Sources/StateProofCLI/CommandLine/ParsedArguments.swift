import StateProofKit

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
  /// and `--` ends the options.
  init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
    self.arguments = arguments
    command = spec.name
    var remaining = arguments[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      guard !optionsEnded, argument.hasPrefix("--"), argument.count > 2 else {
        if argument == "--" && !optionsEnded {
          optionsEnded = true
        } else {
          positionals.append(argument)
        }
        continue
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        throw UsageError(command: spec.name, message: "unknown option --\(name)")
      }
      let value: String
      if let valueName = option.value {
        if let inlineValue {
          value = inlineValue
        } else if let next = remaining.popFirst() {
          value = next
        } else {
          throw UsageError(command: spec.name, message: "--\(name) needs a value (\(valueName))")
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
