import Foundation

/// Shell completion scripts written from the command specs, so completion offers exactly the
/// commands and options the parser accepts.
enum CompletionScript {
  /// The shells there is a script for.
  static let shells = ["bash", "zsh"]

  /// The script for `shell` (one of `shells`).
  static func script(shell: String, commands: [CommandSpec]) -> String? {
    switch shell {
    case "bash": bash(commands)
    case "zsh": zsh(commands)
    default: nil
    }
  }

  /// What completes an option's value or a positional argument, judged from how help names it.
  enum ValueKind: Equatable {
    case file, directory
    case choices([String])
    case nothing
  }

  static func kind(ofValue value: String) -> ValueKind {
    if value.contains("DIR") { return .directory }
    if value.contains("FILE") || value.contains("PATH") { return .file }
    return .nothing
  }

  static func argumentKind(_ spec: CommandSpec) -> ValueKind {
    if !spec.argumentChoices.isEmpty { return .choices(spec.argumentChoices) }
    return spec.maximumArguments == 0 ? .nothing : kind(ofValue: spec.arguments)
  }

  static let topLevel = [
    ("--version", "Print the version (--json: commit, build date, libraries found)."), ("--help", "Show the commands."),
  ]

  static func bash(_ commands: [CommandSpec]) -> String {
    let names = commands.map(\.name) + ["help"]
    func reply(_ kind: ValueKind) -> String {
      switch kind {
      case .file: "_stateproof_reply -f"
      case .directory: "_stateproof_reply -d"
      case .choices(let words): "_stateproof_reply -W '\(words.joined(separator: " "))'"
      case .nothing: ":"
      }
    }
    var lines = [
      "# bash completion for stateproof, written by 'stateproof completion bash'.",
      "",
      "# Sets COMPREPLY to compgen's words for $cur, one a line (file names may hold spaces).",
      "_stateproof_reply() {",
      "  local words IFS=$' \\t\\n'",
      "  words=$(compgen \"$@\" -- \"$cur\")",
      "  IFS=$'\\n'",
      "  COMPREPLY=($words)",
      "}",
      "",
      "_stateproof() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
      "  COMPREPLY=()",
      "  if [[ $COMP_CWORD -eq 1 ]]; then",
      "    \(reply(.choices(names + topLevel.map(\.0))))",
      "    return",
      "  fi",
      "  case ${COMP_WORDS[1]} in",
      "    help)",
      "      [[ $COMP_CWORD -eq 2 ]] && \(reply(.choices(commands.map(\.name) + ["--list"])))",
      "      ;;",
    ]
    for spec in commands {
      lines.append("    \(spec.name))")
      let valued = spec.options.compactMap { option in option.value.map { (option.name, $0) } }
      if !valued.isEmpty {
        lines.append("      case $prev in")
        for (name, value) in valued {
          lines.append("        --\(name)) \(reply(kind(ofValue: value))); return ;;")
        }
        lines.append("      esac")
      }
      let options = spec.options.map { "--\($0.name)" }
      lines += [
        "      if [[ $cur == -* ]]; then",
        "        \(reply(.choices(options)))",
        "      else",
        "        \(reply(argumentKind(spec)))",
        "      fi",
        "      ;;",
      ]
    }
    lines += ["  esac", "}", "complete -o filenames -F _stateproof stateproof"]
    return lines.joined(separator: "\n") + "\n"
  }

  static func zsh(_ commands: [CommandSpec]) -> String {
    func quoted(_ text: String) -> String {
      "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    func described(_ text: String) -> String {
      text.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }
    func action(_ kind: ValueKind) -> String {
      switch kind {
      case .file: "_files"
      case .directory: "_files -/"
      case .choices(let words): "(\(words.joined(separator: " ")))"
      case .nothing: " "
      }
    }
    let entries =
      commands.map { quoted("\($0.name):\($0.summary)") }
      + [quoted("help:Show a command's manual page.")]
    var lines = [
      "#compdef stateproof",
      "# zsh completion for stateproof, written by 'stateproof completion zsh'.",
      "",
      "_stateproof() {",
      "  local -a commands flags",
      "  commands=(",
    ]
    lines += entries.map { "    " + $0 }
    lines += [
      "  )",
      "  flags=(\(topLevel.map { quoted("\($0.0):\($0.1)") }.joined(separator: " ")))",
      "  if (( CURRENT == 2 )); then",
      "    _describe -t commands 'stateproof command' commands -- flags",
      "    return",
      "  fi",
      "  local command=$words[2]",
      "  shift words",
      "  (( CURRENT-- ))",
      "  case $command in",
      "    (help)",
      "      _arguments '--list[List every command and its options, for scripts.]' \\",
      "        \(quoted("1:COMMAND:(\(commands.map(\.name).joined(separator: " ")))"))",
      "      ;;",
    ]
    for spec in commands {
      var specs = spec.options.map { option in
        let name = (option.repeatable ? "*" : "") + "--\(option.name)"
        guard let value = option.value else { return quoted("\(name)[\(described(option.help))]") }
        return quoted("\(name)=[\(described(option.help))]:\(value):\(action(kind(ofValue: value)))")
      }
      let argument = argumentKind(spec)
      if argument != .nothing {
        let position = spec.maximumArguments == 1 ? (spec.minimumArguments == 0 ? "1:" : "1") : "*"
        let message = spec.arguments.filter { !"[].".contains($0) }
        specs.append(quoted("\(position):\(message):\(action(argument))"))
      }
      lines.append("    (\(spec.name))")
      lines.append("      _arguments -S \\")
      lines += specs.dropLast().map { "        \($0) \\" }
      lines += specs.suffix(1).map { "        \($0)" }
      lines.append("      ;;")
    }
    lines += ["  esac", "}", "", "_stateproof \"$@\""]
    return lines.joined(separator: "\n") + "\n"
  }
}
