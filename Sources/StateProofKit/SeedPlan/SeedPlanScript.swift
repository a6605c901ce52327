import StateProofKnowledge
import StateProofModel

/// `stateproof seed-plan --format sh`: one bash script that takes a row id and puts a device into
/// that row's state, then reads it back through `stateproof seed-check --record` (exit 1: the seed
/// did not take). Android: the device's API level first (`getprop ro.build.version.sdk`), which
/// chooses the version's seed or stops with the dialog step where no command reaches it; then
/// `am force-stop`, the privacy switch back on (camera, microphone), the commands, and `dumpsys
/// package` into `seed-check`. iOS: `simctl terminate`, the `simctl privacy` command, and
/// `seed-check --ios`. Every value from the configuration is quoted (``ShellWord``); comments
/// hold no line break.
enum SeedPlanScript {
  static func render(_ plan: SeedPlan) -> String {
    var out: [String] = []
    let shellRows = plan.rows.filter(\.isShell)
    let manualRows = plan.rows.filter { !$0.isShell }
    let android = shellRows.filter { $0.id.platform == .android }
    let ios = shellRows.filter { $0.id.platform == .ios }
    let readsBack = shellRows.contains { $0.checkPermission != nil }
    out += header(plan)
    out.append("set -euo pipefail")
    out.append("")
    if !shellRows.isEmpty {
      out.append("# From the configuration, quoted: no value can run a command.")
      if !android.isEmpty { out += androidSettings(plan.apps[.android]) }
      if !ios.isEmpty { out += iosSettings(plan.apps[.ios]) }
      if readsBack {
        out.append("SEED_RECORD=${SEED_RECORD:-seed-records.jsonl}")
        out.append("STATEPROOF=${STATEPROOF:-stateproof}")
      }
      out.append("")
    }
    if !android.isEmpty {
      out += [
        "# The device's API level, which chooses each row's seed.",
        "android_sdk() {",
        "  adb shell getprop ro.build.version.sdk | tr -d '\\r'",
        "}",
        "",
      ]
      if android.contains(where: { row in row.variants.contains { !$0.step.isShell } || row.range != nil }) {
        out += [
          "# A row this device's version has no shell seed for: what to do instead, and exit 2.",
          "no_command() {",
          "  echo \"$1 on API $2: $3\" >&2",
          "  exit 2",
          "}",
          "",
        ]
      }
    }
    if !manualRows.isEmpty {
      out += [
        "# A row no shell command reaches: its dialog step, and exit 2.",
        "dialog_only() {",
        "  echo \"$1: no shell command reaches it: $2\" >&2",
        "  exit 2",
        "}",
        "",
      ]
    }
    var names: [RowID: String] = [:]
    for row in shellRows {
      var name = "seed_" + ShellWord.functionName(row.id.description)
      while names.values.contains(name) { name += "_" }
      names[row.id] = name
      out += row.id.platform == .android ? androidFunction(row, name: name) : iosFunction(row, name: name)
      out.append("")
    }
    out += dispatch(plan, names: names)
    out += footer(plan, manual: manualRows)
    return out.joined(separator: "\n") + "\n"
  }

  // MARK: - Header and settings

  private static func header(_ plan: SeedPlan) -> [String] {
    var lines = [
      "#!/usr/bin/env bash",
      "# Written by `stateproof seed-plan` from \(ShellWord.comment(plan.configuration)): write it again when the",
      "# configuration or StateProof changes. For one matrix row it puts a device into the row's permission",
      "# state, then reads the state back with `stateproof seed-check --record`, which exits 1 when the seed",
      "# did not take (\"seed did not take: wanted STATE, found OTHER\"). docs/seeding.md runs it in CI.",
      "#   plan.sh ROW      seed one row, e.g. plan.sh \(ShellWord.comment(plan.rows.first(where: \.isShell)?.id.description ?? "android/camera/blocked"))",
      "#   plan.sh --list   the rows a shell command seeds, one a line",
      "# Exit status: 0 the state took; 1 it did not (or another build is installed); 2 no shell command",
      "# reaches the row on this device (its dialog step is printed), or the row or device is wrong.",
    ]
    if plan.apps[.android] != nil {
      lines.append("# Android: the device adb talks to (ANDROID_SERIAL when several are attached).")
    }
    if plan.apps[.ios] != nil {
      lines.append("# iOS: DEVICE, the Simulator's UDID (default: booted); seed before the app is launched.")
    }
    lines += [
      "# SEED_RECORD (default: seed-records.jsonl) collects one JSON line per seed for `stateproof report`;",
      "# STATEPROOF (default: stateproof) is the command that reads back.",
    ]
    if plan.apps[.android] != nil {
      lines.append(
        "# WANT_VERSION (default: the configuration's versionName; empty: any) is the versionName the installed APK must have."
      )
    }
    for platform in Platform.allCases {
      guard let app = plan.apps[platform], !app.releaseDevices.isEmpty else { continue }
      lines.append(
        "# \(platform.displayName) release devices: \(ShellWord.comment(app.releaseDevices.joined(separator: ", "))).")
    }
    lines.append("")
    return lines
  }

  private static func androidSettings(_ app: SeedPlan.App?) -> [String] {
    var lines: [String] = []
    if let appId = app?.appId {
      lines.append("PKG=\(ShellWord.quoted(appId))")
      lines.append("# The app id as the device's shell reads it (adb shell joins its words into one command line).")
      lines.append("PKG_DEVICE=\(ShellWord.onDevice(appId))")
    } else {
      lines += [
        "# The configuration names no Android appId (platforms.android.appId): PKG gives it.",
        "PKG=${PKG:?set PKG to the app's package name}",
        "case \"$PKG\" in *[!A-Za-z0-9_.]*) echo \"PKG is no package name: $PKG\" >&2; exit 2 ;; esac",
        "PKG_DEVICE=$PKG",
      ]
    }
    if let version = app?.versionName {
      lines.append("if [ -z \"${WANT_VERSION+set}\" ]; then WANT_VERSION=\(ShellWord.quoted(version)); fi")
    } else {
      lines.append("WANT_VERSION=${WANT_VERSION:-}")
    }
    // An array, not ${WANT_VERSION:+...}: a versionName holding quotes stays one word, unflagged.
    lines += [
      "# The read-back's --want-version, when a versionName is wanted.",
      "want_version=()",
      "if [ -n \"$WANT_VERSION\" ]; then want_version=(--want-version \"$WANT_VERSION\"); fi",
    ]
    return lines
  }

  private static func iosSettings(_ app: SeedPlan.App?) -> [String] {
    var lines: [String] = []
    if let appId = app?.appId {
      lines.append("BUNDLE=\(ShellWord.quoted(appId))")
    } else {
      lines += [
        "# The configuration names no iOS appId (platforms.ios.appId): BUNDLE gives it.",
        "BUNDLE=${BUNDLE:?set BUNDLE to the app's bundle identifier}",
      ]
    }
    lines.append("DEVICE=${DEVICE:-booted}")
    return lines
  }

  // MARK: - Rows

  /// A row's comment: its id and what the user did.
  private static func comment(_ row: SeedPlanRow) -> String {
    "# \(ShellWord.comment(row.id.description)): \(ShellWord.comment(row.whatHappened))"
  }

  /// `[ "$sdk" -ge 31 ]`, `[ "$sdk" -ge 30 ] && [ "$sdk" -lt 31 ]` for an Android range.
  private static func condition(_ range: VersionRange) -> String {
    var parts: [String] = []
    if let lowest = range.lowest?.components.first { parts.append("[ \"$sdk\" -ge \(lowest) ]") }
    if let below = range.below?.components.first { parts.append("[ \"$sdk\" -lt \(below) ]") }
    return parts.isEmpty ? "true" : parts.joined(separator: " && ")
  }

  /// One command of the knowledge as a line of the script: its placeholders as the script's
  /// variables, every other word quoted (for the device as well, after `adb shell`).
  private static func line(_ command: String) -> String {
    let words = command.split(separator: " ").map(String.init)
    let remote = words.starts(with: ["adb", "shell"])
    return words.enumerated().map { index, word in
      switch word {
      case "PKG": return remote ? "\"$PKG_DEVICE\"" : "\"$PKG\""
      case "BUNDLE": return "\"$BUNDLE\""
      case "DEVICE": return "\"$DEVICE\""
      default: return remote && index >= 2 ? ShellWord.onDevice(word) : ShellWord.quoted(word)
      }
    }.joined(separator: " ")
  }

  /// What a step no command reaches says: its dialog step, else its prose.
  private static func instead(_ step: SeedStep) -> String {
    step.dialog ?? step.prose ?? "no seed is known"
  }

  private static func androidFunction(_ row: SeedPlanRow, name: String) -> [String] {
    let id = ShellWord.quoted(row.id.description)
    var out = [comment(row), "\(name)() {", "  local sdk", "  sdk=$(android_sdk)"]
    if let range = row.range {
      let why = "not on this device: the row applies to \(range) only"
      out += [
        "  if ! { \(condition(range)); }; then", "    no_command \(id) \"$sdk\" \(ShellWord.quoted(why))", "  fi",
      ]
    }
    // Versions no command reaches stop before anything is changed, with what to do instead.
    let shell = row.variants.filter(\.step.isShell)
    let others = row.variants.filter { !$0.step.isShell }
    var guards: [(condition: String, step: SeedStep)] = []
    for variant in others {
      if let os = variant.os {
        guards.append((condition(os), variant.step))
      } else {
        let covered = row.variants.compactMap(\.os).map(condition)
        guards.append(("! { \(covered.map { "{ \($0); }" }.joined(separator: " || ")); }", variant.step))
      }
    }
    for (index, guarded) in guards.enumerated() {
      out.append("  \(index == 0 ? "if" : "elif") \(guarded.condition); then")
      out.append("    no_command \(id) \"$sdk\" \(ShellWord.quoted(instead(guarded.step)))")
    }
    if !guards.isEmpty { out.append("  fi") }
    out.append("  adb shell am force-stop \"$PKG_DEVICE\"")
    if let sensor = row.sensor, row.id.state != "sensor-off" {
      out.append("  # Every state but sensor-off leaves the \(sensor.name) switch on; it exits 0 where there is none.")
      out.append("  \(line(sensor.switchOn)) >/dev/null 2>&1 || true")
    }
    for name in row.undeclared {
      out.append("  # Not \(ShellWord.comment(name)): the app does not declare it, and pm refuses it.")
    }
    if shell.count == 1 {
      out += shell[0].step.commands.map { "  " + line($0) }
    } else {
      let ordered = shell.filter { $0.os != nil } + shell.filter { $0.os == nil }
      for (index, variant) in ordered.enumerated() {
        if let os = variant.os {
          out.append("  \(index == 0 ? "if" : "elif") \(condition(os)); then")
        } else {
          out.append("  else")
        }
        out += variant.step.commands.map { "    " + line($0) }
      }
      out.append("  fi")
    }
    if let permission = row.checkPermission {
      let dump = "adb shell dumpsys package \"$PKG_DEVICE\""
      let input = row.sensor == nil ? dump : "{ \(dump); adb shell dumpsys sensor_privacy; }"
      out += [
        "  \(input) |",
        "    \"$STATEPROOF\" seed-check --package \"$PKG\" --permission \(ShellWord.quoted(permission)) --want \(ShellWord.quoted(row.id.state)) \\",
        "      --sdk \"$sdk\" ${want_version[@]+\"${want_version[@]}\"} --record \"$SEED_RECORD\"",
      ]
    }
    out.append("}")
    return out
  }

  private static func iosFunction(_ row: SeedPlanRow, name: String) -> [String] {
    var out = [comment(row), "\(name)() {"]
    // iOS seeds do not differ by version: the one for every version, else the newest.
    let step = (row.variants.first { $0.os == nil && $0.step.isShell } ?? row.variants.last { $0.step.isShell })!.step
    out.append("  # Some privacy changes end the app; it is stopped first, and launched by the test after.")
    out.append("  xcrun simctl terminate \"$DEVICE\" \"$BUNDLE\" >/dev/null 2>&1 || true")
    out += step.commands.map { "  " + line($0) }
    if let permission = row.checkPermission {
      out += [
        "  \"$STATEPROOF\" seed-check --ios --device \"$DEVICE\" --package \"$BUNDLE\" \\",
        "    --permission \(ShellWord.quoted(permission)) --want \(ShellWord.quoted(row.id.state)) --record \"$SEED_RECORD\"",
      ]
    } else if let note = row.readBackNote {
      out.append("  # Not read back: \(ShellWord.comment(note)).")
    }
    out.append("}")
    return out
  }

  // MARK: - Dispatch and the rows left

  private static func dispatch(_ plan: SeedPlan, names: [RowID: String]) -> [String] {
    let listed = plan.rows.filter(\.isShell).map { ShellWord.quoted($0.id.description) }
    var out = ["case \"${1:-}\" in", "  --list)"]
    out.append(listed.isEmpty ? "    : ;;" : "    printf '%s\\n' \(listed.joined(separator: " ")) ;;")
    for row in plan.rows {
      let pattern = ShellWord.quoted(row.id.description)
      if let name = names[row.id] {
        out.append("  \(pattern)) \(name) ;;")
      } else {
        let steps = row.variants.map { variant in
          (variant.os.map { "\($0): " } ?? "") + instead(variant.step)
        }.joined(separator: "; ")
        out.append("  \(pattern))")
        out.append("    dialog_only \(pattern) \(ShellWord.quoted(steps)) ;;")
      }
    }
    out += [
      "  '')",
      "    echo \"usage: $0 ROW | --list\" >&2",
      "    exit 2 ;;",
      "  *)",
      "    echo \"$0: no row $1 in this plan ($0 --list lists them)\" >&2",
      "    exit 2 ;;",
      "esac",
    ]
    return out
  }

  private static func footer(_ plan: SeedPlan, manual: [SeedPlanRow]) -> [String] {
    var out: [String] = []
    if !manual.isEmpty {
      out += ["", "# Rows no shell command reaches (plan.sh ROW prints the step and exits 2):"]
      for row in manual {
        for variant in row.variants {
          let os = variant.os.map { " (\($0))" } ?? ""
          out.append("#   \(ShellWord.comment(row.id.description))\(os): \(ShellWord.comment(instead(variant.step)))")
        }
      }
    }
    if !plan.leftOut.isEmpty {
      out += ["", "# Left out:"]
      for (id, why) in plan.leftOut {
        out.append("#   \(ShellWord.comment(id.description)): \(ShellWord.comment(why))")
      }
    }
    return out
  }
}
