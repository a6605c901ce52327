/// A command line parsed against a `CommandSpec`: option values by name, and the positionals.
package struct ParsedArguments: Sendable {
  package private(set) var values: [String: [String]] = [:]
  package private(set) var positionals: [String] = []
  /// The arguments as given (after the command name), for the report to record.
  package let arguments: [String]

  /// Parses `arguments` (after the command name); `--name=value` and `--name value` both work,
  /// and `--` ends the options.
  package init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
    self.arguments = arguments
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
      if option.value == nil {
        guard inlineValue == nil else {
          throw UsageError(command: spec.name, message: "--\(name) takes no value")
        }
        value = ""
      } else if let inlineValue {
        value = inlineValue
      } else if let next = remaining.popFirst() {
        value = next
      } else {
        throw UsageError(command: spec.name, message: "--\(name) needs a value (\(option.value!))")
      }
      if !option.repeatable, values[name] != nil {
        throw UsageError(command: spec.name, message: "--\(name) is given more than once")
      }
      values[name, default: []].append(value)
    }
    if values["help"] == nil, let missing = spec.options.first(where: { $0.required && values[$0.name] == nil }) {
      throw UsageError(command: spec.name, message: "--\(missing.name) is required")
    }
    guard values["help"] != nil || positionals.count >= spec.minimumArguments else {
      throw UsageError(command: spec.name, message: "expected \(spec.arguments)")
    }
    if let maximum = spec.maximumArguments, positionals.count > maximum {
      throw UsageError(
        command: spec.name, message: "unexpected argument \"\(positionals[maximum])\"")
    }
  }

  package func value(_ name: String) -> String? { values[name]?.last }

  package func all(_ name: String) -> [String] { values[name] ?? [] }

  package func flag(_ name: String) -> Bool { values[name] != nil }
}
