/// What a command accepts and how to explain it: the source of both parsing and `--help`.
package struct CommandSpec: Sendable {
  package var name: String
  package var summary: String
  /// The positional arguments, as help shows them (`PATH...`).
  package var arguments: String
  package var minimumArguments: Int
  package var maximumArguments: Int?
  package var options: [OptionSpec]
  package var discussion: String
  package var examples: [String]

  package init(
    name: String, summary: String, arguments: String = "", minimumArguments: Int = 0,
    maximumArguments: Int? = 0, options: [OptionSpec], discussion: String = "",
    examples: [String] = []
  ) {
    self.name = name
    self.summary = summary
    self.arguments = arguments
    self.minimumArguments = minimumArguments
    self.maximumArguments = maximumArguments
    self.options = options + [OptionSpec("help", help: "Show this help.")]
    self.discussion = discussion
    self.examples = examples
  }

  /// The command's help page.
  package var help: String {
    var lines = ["stateproof \(name): \(summary)", ""]
    let usage = ["stateproof", name, options.count > 1 ? "[OPTIONS]" : "", arguments]
      .filter { !$0.isEmpty }.joined(separator: " ")
    lines += ["USAGE", "  \(usage)", ""]
    if !discussion.isEmpty { lines += [discussion, ""] }
    lines.append("OPTIONS")
    for option in options {
      let left = "  --\(option.name)" + (option.value.map { " \($0)" } ?? "")
      let padded = left.count < 28 ? left + String(repeating: " ", count: 28 - left.count) : left + "  "
      lines.append(padded + option.help + (option.repeatable ? " (repeatable)" : ""))
    }
    if !examples.isEmpty {
      lines += ["", "EXAMPLES"] + examples.map { "  \($0)" }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
