@_spi(CLI) import StateProofKit

/// `stateproof seed-plan`: prints one script that seeds a device into any row of the sign-off
/// and reads it back with `seed-check --record`, so no team writes its seed steps by hand.
enum SeedPlanCommand: Command {
  /// The options `stateproof seed-plan` takes, in the order help lists them.
  enum Option: String, CommandOption {
    case config
    case platform
    case row
    case format
  }

  static let spec = CommandSpec(
    name: "seed-plan",
    summary: "Print a script that seeds each row's permission state and reads it back.",
    arguments: "[PATH...]", maximumArguments: nil,
    options: [
      OptionSpec(
        "config", value: "FILE",
        help:
          "The configuration (default: ./stateproof.json, else one at the top of the first PATH, else the built-in camera matrix)."
      ),
      OptionSpec("platform", value: "android|ios", help: "Only this platform's rows (default: both)."),
      OptionSpec(
        "row", value: "ID", repeatable: true,
        help: "Only this row, e.g. android/camera/blocked (again for more; default: every row the sign-off covers)."),
      OptionSpec(
        "format", value: "sh|json",
        help: "sh (default): one bash script; json: the same plan for a runner that is not bash."),
    ],
    keyedBy: Option.self,
    discussion: """
      The script takes a row id (plan.sh android/camera/blocked; plan.sh --list lists the rows a \
      shell command seeds). On Android it reads the device's API level (adb shell getprop \
      ro.build.version.sdk), which chooses the seed for that version, stops the app, runs the \
      seed's adb commands and pipes adb shell dumpsys package into stateproof seed-check --record \
      (with dumpsys sensor_privacy for camera and microphone); on iOS it runs xcrun simctl privacy \
      and stateproof seed-check --ios. A row, or a version, no shell command reaches prints its \
      dialog step (the button UI tests tap, by its resource id) and exits 2; such rows are listed \
      at the end of the script. Every value taken from the configuration is quoted, so no app \
      id, device or row name can run a command.

      PATH... are the evidence or the app's own files (a merged AndroidManifest.xml, an APK or \
      App Bundle, aapt2 dump output, a dumpsys package read-back, an Info.plist or .ipa): a \
      permission the app does not declare is left out, with a note, since pm refuses to grant or \
      revoke it. docs/seeding.md runs the script in CI.
      """,
    exitStatus: [
      (0, "the plan was printed"),
      (2, "usage or configuration error, a --row the matrix does not have, or a PATH that cannot be read"),
    ],
    examples: [
      "stateproof seed-plan examples/scanner > plan.sh && bash plan.sh android/camera/blocked",
      "stateproof seed-plan --config stateproof.json --platform ios --row ios/camera/denied",
      "stateproof seed-plan --format json app/build/intermediates/merged_manifests/release/AndroidManifest.xml",
    ])

  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32 {
    var platform: Platform?
    if let text = arguments.value(.platform) {
      guard let chosen = Platform(rawValue: text) else {
        throw UsageError(command: spec.name, message: "--platform takes android or ios, found \"\(text)\"")
      }
      platform = chosen
    }
    var format = SeedPlanText.Format.sh
    if let text = arguments.value(.format) {
      guard let chosen = SeedPlanText.Format(rawValue: text) else {
        throw UsageError(command: spec.name, message: "--format takes sh or json, found \"\(text)\"")
      }
      format = chosen
    }
    let paths = arguments.positionals
    try StateProof.checkEvidence(paths)
    let configuration =
      try arguments.value(.config).map(ReportConfiguration.init(contentsOf:))
      ?? ReportConfiguration.find(evidence: paths)
    let text = try SeedPlanText.make(
      configuration: configuration, evidence: paths, platform: platform, rows: arguments.all(.row), format: format)
    try console.write(text)
    return 0
  }
}
