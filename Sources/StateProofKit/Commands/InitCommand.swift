import Foundation
import StateProofKnowledge
import StateProofMatch
import StateProofModel

/// `stateproof init`: writes a commented starter configuration listing every built-in permission
/// and its states.
package enum InitCommand: Command {
  package static let spec = CommandSpec(
    name: "init",
    summary: "Write a commented starter stateproof.json.",
    options: [
      OptionSpec("out", value: "FILE", help: "Where to write it (default: stateproof.json)."),
      OptionSpec("force", help: "Replace an existing file."),
    ],
    discussion: """
      The starter covers the camera, with every row of its matrix: empty test selectors and \
      screenshot globs (empty means: match by naming convention), and a comment per row saying what \
      the user did, what the app reads, the screen to assert, the OS versions and how to seed it. \
      Every other built-in permission (microphone, location, photos, notifications, contacts, \
      Bluetooth) is listed the same way under "//more permissions": move the ones your app asks \
      for into "permissions". Keys starting with "//" are comments.
      """,
    exitStatus: [
      (0, "the file was written"),
      (2, "usage error, the file exists and --force was not given, or it cannot be written"),
    ],
    examples: ["stateproof init", "stateproof init --out ci/stateproof.json"])

  package static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let path = arguments.value("out") ?? ConfigurationLoader.fileName
    if FileManager.default.fileExists(atPath: path), !arguments.flag("force") {
      throw StateProofError.write(path: path, reason: .exists)
    }
    do {
      try Data(starter.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw StateProofError.write(path: path, reason: .write(reason: error.localizedDescription))
    }
    try console.write("Wrote \(path). Fill in the app ids, receipts and release devices.\n")
    return 0
  }

  /// The starter text: valid configuration, with comments on every part.
  package static var starter: String {
    let permissions = PlatformKnowledge.permissions.map(permission)
    return """
      {
        "//": "StateProof configuration. Keys starting with \\"//\\" are comments. Run 'stateproof help report'; docs/platform-knowledge.md has every state with its sources.",
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
      \(permissions[0])
        ],
        "//more permissions": [
      \(permissions.dropFirst().joined(separator: ",\n"))
        ]
      }

      """
  }

  /// One permission with a row per reachable state, each with its comment, and the states it
  /// cannot reach in a comment of their own.
  private static func permission(_ definition: PermissionDefinition) -> String {
    let states = definition.states
    let rows = states.filter(\.reachable).map { state in
      let limits = [state.os?.description, state.target.map { "apps with \($0.targetDescription)" }].compactMap(\.self)
      let os = limits.isEmpty ? "" : " (\(limits.joined(separator: "; ")))"
      let comment =
        "\(state.whatHappened)\(os): the app reads \(state.appReads); assert the \(state.screen) screen. Seed: \(state.seed)."
      return """
                "\(state.platform.rawValue)/\(state.state)": {
                  "//": \(json(comment)),
                  "tests": [],
                  "screenshots": [],
                  "requires": [\(state.requires.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))]
                }
        """
    }
    let unreachable = states.filter { !$0.reachable }.map { "\($0.platform.rawValue)/\($0.state): \($0.reason ?? "")" }
    let never = unreachable.isEmpty ? "" : ",\n          \"//unreachable\": \(json(unreachable.joined(separator: " ")))"
    return """
          {
            "//": \(json("\(definition.title): tests are globs over classname#name; screenshots globs over paths inside the evidence folders. Empty lists match by naming convention. A row with its own tests or screenshots, or asking less in requires, needs a \"reason\" saying why; leaving rows out with \"include\" needs the permission's \"reason\". The report lists each with its reason.")),
            "id": "\(definition.id)",
            "rows": {
      \(rows.joined(separator: ",\n"))\(never)
            }
          }
      """
  }

  /// `text` as a JSON string.
  private static func json(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
