@_spi(CLI) import StateProofKit

/// `stateproof init`: writes a commented starter configuration listing every built-in permission
/// and its states.
enum InitCommand: Command {
  /// The options `stateproof init` takes, in the order help lists them.
  enum Option: String, CommandOption {
    case out
    case force
  }

  static let spec = CommandSpec(
    name: "init",
    summary: "Write a commented starter stateproof.json.",
    options: [
      OptionSpec("out", value: "FILE", help: "Where to write it (default: stateproof.json)."),
      OptionSpec("force", help: "Replace an existing file."),
    ],
    keyedBy: Option.self,
    discussion: """
      The starter covers the \(StarterConfiguration.permissionIDs[0]), with every row of its matrix: \
      empty test selectors and screenshot globs (empty means: match by naming convention), and a \
      comment per row saying what the user did, what the app reads, the screen to assert, the OS \
      versions and how to seed it. Every other built-in permission (\(StarterConfiguration.permissionIDs.dropFirst().joined(separator: ", "))) \
      is listed the same way under "//more permissions": move the ones your app asks for into \
      "permissions". Keys starting with "//" are comments.
      """,
    exitStatus: [
      (0, "the file was written"),
      (2, "usage error, the file exists and --force was not given, or it cannot be written"),
    ],
    examples: ["stateproof init", "stateproof init --out ci/stateproof.json"])

  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32 {
    let path = arguments.value(.out) ?? ConfigurationLoader.fileName
    try StarterConfiguration.write(to: path, replacing: arguments.flag(.force))
    try console.write("Wrote \(path). Fill in the app ids, receipts and release devices.\n")
    return 0
  }
}
