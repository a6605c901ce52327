import StateProofKnowledge
import StateProofModel

/// `stateproof seed-plan --format json`: the plan for a runner that is not bash. Each command is an
/// argument vector with the app id in it (after `adb shell`, a word the device's shell would
/// change is quoted for it, as the script does); the words `{sdk}` (the output of `sdkFrom`),
/// `{device}` (the Simulator's UDID or `booted`) and `{record}` (the seed record file) are for
/// the runner to fill in.
enum SeedPlanJSON {
  struct Document: Encodable {
    var generatedBy = "stateproof seed-plan"
    var configuration: String
    var placeholders = [
      "{sdk}": "the device's API level: the output of sdkFrom",
      "{device}": "the Simulator's UDID, or booted",
      "{record}": "the file seed-check --record appends to (seed-records.jsonl)",
    ]
    /// The command whose output is the Android device's API level.
    var sdkFrom: [String]?
    var apps: [String: App]
    var rows: [Row]
    var leftOut: [LeftOut]
  }

  struct App: Encodable {
    var appId: String?
    var releaseDevices: [String]
    var versionName: String?
  }

  struct Row: Encodable {
    var id: String
    var platform: String
    var permission: String
    var state: String
    var whatHappened: String
    /// The row's OS versions; absent for every version.
    var os: Versions?
    /// Whether a command reaches the state on some version.
    var shell: Bool
    /// What to run before any version's commands (stop the app, the privacy switch back on).
    var prepare: [[String]]
    var variants: [Variant]
    /// The read-back: the commands whose output is piped, in order, into `check`; absent when
    /// the row is not read back (`readBackNote` says why).
    var readBack: ReadBack?
    var readBackNote: String?
    /// Android names whose commands were left out: the app does not declare them.
    var undeclared: [String]?
  }

  struct Versions: Encodable {
    /// Android: the API level; iOS: the version.
    var lowest: String?
    var below: String?
    var text: String
  }

  struct Variant: Encodable {
    /// The versions this seed is for; absent: the versions no other variant names.
    var os: Versions?
    var commands: [[String]]
    var dialog: String?
    var prose: String?
    /// Whether the commands alone reach the state.
    var shell: Bool
  }

  struct ReadBack: Encodable {
    var pipe: [[String]]
    var check: [String]
  }

  struct LeftOut: Encodable {
    var id: String
    var why: String
  }

  static func document(_ plan: SeedPlan) -> Document {
    let android = plan.apps[.android]
    let ios = plan.apps[.ios]
    let pkg = android?.appId ?? "{package}"
    let bundle = ios?.appId ?? "{bundle}"
    func argv(_ command: String) -> [String] {
      let words = command.split(separator: " ").map(String.init)
      let remote = words.starts(with: ["adb", "shell"])
      return words.enumerated().map { index, word in
        switch word {
        case "PKG": return remote ? ShellWord.onDevice(pkg) : pkg
        case "BUNDLE": return bundle
        case "DEVICE": return "{device}"
        default: return remote && index >= 2 ? ShellWord.onDevice(word) : word
        }
      }
    }
    let rows = plan.rows.map { row -> Row in
      var prepare: [[String]] = []
      var readBack: ReadBack?
      switch row.id.platform {
      case .android:
        prepare.append(["adb", "shell", "am", "force-stop", ShellWord.onDevice(pkg)])
        if let sensor = row.sensor, row.id.state != "sensor-off" { prepare.append(argv(sensor.switchOn)) }
        if let permission = row.checkPermission {
          var check = [
            "stateproof", "seed-check", "--package", pkg, "--permission", permission, "--want", row.id.state, "--sdk",
            "{sdk}",
          ]
          if let version = android?.versionName { check += ["--want-version", version] }
          check += ["--record", "{record}"]
          let pipe =
            [["adb", "shell", "dumpsys", "package", ShellWord.onDevice(pkg)]]
            + (row.sensor == nil ? [] : [["adb", "shell", "dumpsys", "sensor_privacy"]])
          readBack = ReadBack(pipe: pipe, check: check)
        }
      case .ios:
        prepare.append(["xcrun", "simctl", "terminate", "{device}", bundle])
        if let permission = row.checkPermission {
          readBack = ReadBack(
            pipe: [],
            check: [
              "stateproof", "seed-check", "--ios", "--device", "{device}", "--package", bundle, "--permission",
              permission, "--want", row.id.state, "--record", "{record}",
            ])
        }
      }
      return Row(
        id: row.id.description, platform: row.id.platform.rawValue, permission: row.id.permission,
        state: row.id.state, whatHappened: row.whatHappened, os: row.range.map(versions), shell: row.isShell,
        prepare: prepare,
        variants: row.variants.map { variant in
          Variant(
            os: variant.os.map(versions), commands: variant.step.commands.map(argv), dialog: variant.step.dialog,
            prose: variant.step.prose, shell: variant.step.isShell)
        },
        readBack: readBack, readBackNote: row.readBackNote, undeclared: row.undeclared.isEmpty ? nil : row.undeclared)
    }
    var apps: [String: App] = [:]
    for (platform, app) in plan.apps {
      apps[platform.rawValue] = App(appId: app.appId, releaseDevices: app.releaseDevices, versionName: app.versionName)
    }
    return Document(
      configuration: plan.configuration,
      sdkFrom: plan.apps[.android] == nil ? nil : ["adb", "shell", "getprop", "ro.build.version.sdk"],
      apps: apps, rows: rows,
      leftOut: plan.leftOut.map { LeftOut(id: $0.id.description, why: $0.why) })
  }

  /// `range` as the JSON gives it.
  private static func versions(_ range: VersionRange) -> Versions {
    Versions(
      lowest: range.lowest.map { $0.components.map(String.init).joined(separator: ".") },
      below: range.below.map { $0.components.map(String.init).joined(separator: ".") }, text: range.description)
  }
}
