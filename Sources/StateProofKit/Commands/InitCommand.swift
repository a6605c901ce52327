import Foundation
import StateProofMatch
import StateProofModel

/// `stateproof init`: writes a commented starter configuration for the built-in matrix.
package enum InitCommand: Command {
  package static let spec = CommandSpec(
    name: "init",
    summary: "Write a commented starter stateproof.json.",
    options: [
      OptionSpec("out", value: "FILE", help: "Where to write it (default: stateproof.json)."),
      OptionSpec("force", help: "Replace an existing file."),
    ],
    discussion: """
      The starter lists every row of the built-in camera matrix with empty test selectors and \
      screenshot globs (empty means: match by naming convention). Keys named "//" are comments.
      """,
    exitStatus: [
      (0, "the file was written"),
      (2, "usage error, the file exists and --force was not given, or it cannot be written"),
    ],
    examples: ["stateproof init", "stateproof init --out ci/stateproof.json"])

  package static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let path = arguments.value("out") ?? ConfigurationLoader.fileName
    if FileManager.default.fileExists(atPath: path), !arguments.flag("force") {
      throw StateProofError.output("\(path) already exists; pass --force to replace it")
    }
    do {
      try Data(starter.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw StateProofError.output("cannot write \(path): \(error.localizedDescription)")
    }
    try console.write("Wrote \(path). Fill in the app ids, receipts and release devices.\n")
    return 0
  }

  /// The starter text: valid configuration, with comments on every part.
  package static var starter: String {
    let matrix = try! Matrix(configuration: Configuration())
    let rows = matrix.rows.filter(\.reachable).map { row in
      """
            "\(row.id.platform.rawValue)/\(row.id.state)": {
              "//": "\(row.whatHappened): the app reads \(row.appReads); assert the \(row.screen) screen.",
              "tests": [],
              "screenshots": [],
              "requires": [\(row.requires.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))]
            }
      """
    }
    return """
      {
        "//": "StateProof configuration. Keys named \\"//\\" are comments. Run 'stateproof help report'.",
        "app": "Your App",
        "release": "1.0.0",
        "flaky": "pass",
        "platforms": {
          "android": {
            "//": "receipt: the one test that taps the real system prompt, as a glob over classname#name.",
            "appId": "com.example.app",
            "receipt": "\(PlatformKnowledge.defaultReceipt(for: .android))",
            "releaseDevices": []
          },
          "ios": {
            "appId": "com.example.app",
            "receipt": "\(PlatformKnowledge.defaultReceipt(for: .ios))",
            "releaseDevices": []
          }
        },
        "permissions": [
          {
            "//": "tests: globs over classname#name; screenshots: globs over paths inside the evidence folders. Empty lists match by naming convention.",
            "id": "camera",
            "rows": {
      \(rows.joined(separator: ",\n"))
            }
          }
        ]
      }

      """
  }
}
