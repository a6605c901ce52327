import Foundation
import StateProofKnowledge
import StateProofMatch
import StateProofModel
import StateProofSystem

/// The commented starter `stateproof.json` that `stateproof init` writes, made from the built-in
/// platform knowledge: every permission and its states, with a comment on every part. SPI: the
/// command line's `init`.
@_spi(CLI) public enum StarterConfiguration {
  /// Writes the starter to `path` (whole, by a rename), refusing a path that names a folder
  /// (`ci/`) and, unless `replacing`, a file that is already there; with `fromApp`, the starter
  /// covering what the app's files under those paths declare (``fromApp(_:)``).
  public static func write(to path: String, replacing: Bool, fromApp paths: [String] = []) throws(StateProofError) {
    guard !PathBytes.namesFolder(path) else { throw .write(path: path, reason: .namesFolder) }
    if FileManager.default.fileExists(atPath: path), !replacing {
      throw .write(path: path, reason: .exists)
    }
    let text = paths.isEmpty ? self.text : try fromApp(paths)
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .write(path: path, reason: .write(reason: error.localizedDescription))
    }
  }

  /// The starter for the app whose own files are under `paths` (a merged manifest, an APK or App
  /// Bundle, `aapt2 dump` output, a `dumpsys package` read-back, an `Info.plist`, an `.ipa`):
  /// every permission they declare, with its rows and a comment per rule the declarations decide.
  public static func fromApp(_ paths: [String]) throws(StateProofError) -> String {
    try StateProof.checkEvidence(paths)
    let matcher: CoverageMatcher
    do {
      matcher = try CoverageMatcher(configuration: Configuration(), today: ZonedTime.now().day)
    } catch {
      throw .configuration(file: "built-in", error)
    }
    let evidence = EvidenceCollector.collect(paths: paths, matcher: matcher).evidence
    return try AppStarter.text(evidence.declarations, paths: paths)
  }

  /// The starter text: valid configuration, with comments on every part.
  public static var text: String {
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

  /// The built-in permission ids in the order the starter lists them: the first under
  /// "permissions", the others under "//more permissions".
  public static var permissionIDs: [String] { PlatformKnowledge.permissions.map(\.id) }

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
  static func json(_ text: String) -> String {
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
