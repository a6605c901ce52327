/// What a command accepts and how to explain it: the source of parsing, `help`, `help --list`
/// and the shell completion scripts.
struct CommandSpec: Sendable {
  var name: String
  var summary: String
  /// The positional arguments, as help shows them (`PATH...`).
  var arguments: String
  var minimumArguments: Int
  var maximumArguments: Int?
  /// The only words the positional arguments may be, for completion (empty: files).
  var argumentChoices: [String]
  var options: [OptionSpec]
  var discussion: String
  /// Every exit status the command can end with, and what it means.
  var exitStatus: [(status: Int32, meaning: String)]
  var examples: [String]

  /// A spec with `options`, then `--help`. They must be the cases of `keys` (the names its
  /// arguments are looked up by), in their order: a spec that differs stops the tool at once, so
  /// no option can be parsed that the command never reads, or read that it never parses.
  init<Option: CommandOption>(
    name: String, summary: String, arguments: String = "", minimumArguments: Int = 0,
    maximumArguments: Int? = 0, argumentChoices: [String] = [], options: [OptionSpec], keyedBy keys: Option.Type,
    discussion: String = "",
    exitStatus: [(status: Int32, meaning: String)] = [
      (0, "success"), (2, "usage error: the command line was wrong"),
    ],
    examples: [String] = []
  ) {
    self.name = name
    self.summary = summary
    self.arguments = arguments
    self.minimumArguments = minimumArguments
    self.maximumArguments = maximumArguments
    self.argumentChoices = argumentChoices
    precondition(
      options.map(\.name) == keys.allCases.map(\.rawValue), "stateproof \(name): its options are not its Option cases")
    self.options = options + [OptionSpec(Self.help, help: "Show this help.")]
    self.discussion = discussion
    self.exitStatus = exitStatus
    self.examples = examples
  }

  /// The command's help page, laid out as a manual page.
  var help: String { HelpPage(spec: self).text }

  /// The option every command has.
  static let help = "help"

  /// The command line's shape in parts help keeps on one line: `stateproof NAME`, every
  /// option (in brackets unless required), then the positional arguments.
  var synopsis: [String] {
    let options = options.filter { $0.name != Self.help }.map { option in
      let word = "--\(option.name)" + (option.value.map { " \($0)" } ?? "")
      return (option.required ? word : "[\(word)]") + (option.repeatable ? "..." : "")
    }
    return (["stateproof \(name)"] + options + [arguments]).filter { !$0.isEmpty }
  }
}
