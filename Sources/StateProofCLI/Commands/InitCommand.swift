@_spi(CLI) import StateProofKit

/// `stateproof init`: writes a commented starter configuration listing every built-in permission
/// and its states.
enum InitCommand: Command {
  /// The options `stateproof init` takes, in the order help lists them.
  enum Option: String, CommandOption {
    case out
    case force
    case fromApp = "from-app"
  }

  static let spec = CommandSpec(
    name: "init",
    summary: "Write a commented starter stateproof.json.",
    arguments: "[PATH...]", maximumArguments: nil,
    options: [
      OptionSpec("out", value: "FILE", help: "Where to write it (default: stateproof.json)."),
      OptionSpec("force", help: "Replace an existing file."),
      OptionSpec(
        "from-app",
        help:
          "Cover what the app's own files under PATH... declare (a merged AndroidManifest.xml, an APK or App Bundle, aapt2 dump output, a dumpsys package read-back, an Info.plist or .ipa): every declared permission with its rows, and a comment per rule the declarations decide."
      ),
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
    examples: [
      "stateproof init", "stateproof init --out ci/stateproof.json",
      "stateproof init --from-app app/build/outputs/apk/release/app-release.apk build/Scanner.app",
    ])

  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32 {
    let path = arguments.value(.out) ?? ConfigurationLoader.fileName
    let paths = arguments.positionals
    guard arguments.flag(.fromApp) == !paths.isEmpty else {
      throw UsageError(
        command: spec.name,
        message: paths.isEmpty ? "--from-app needs the paths of the app's files" : "paths are read only with --from-app"
      )
    }
    try StarterConfiguration.write(to: path, replacing: arguments.flag(.force), fromApp: paths)
    try console.write(
      "Wrote \(path). Fill in \(paths.isEmpty ? "the app ids, receipts and release devices" : "the receipts, release devices, tests and screenshots").\n"
    )
    return 0
  }
}
