import Foundation
import StateProofTestSupport
import Testing

@testable import StateProofCLI
@testable import StateProofKnowledge
@testable import StateProofRead

/// Issue 49: `stateproof seed-plan` over every example (``GoldenFileTests`` holds each script to
/// its golden file). Each passes `bash -n` and `shellcheck -S warning`; the scanner's Android
/// functions run the very commands `examples/seed-camera.sh` runs; `seed-check` accepts every
/// (permission, state) pair a script reads back, on the example's own logs; no configuration value
/// can run a command.
@Suite(.temporaryFolders) struct SeedPlanTests {
  static let examples = ["scanner", "gallery", "farm", "sharded", "two-simulators", "bundle"]

  /// `seed-plan examples/NAME` as the README's commands run it, from the package root.
  static func plan(_ example: String, format: String = "sh") throws -> String {
    try #require(PackageRoot.isWorkingFolder, "cannot enter the package root \(PackageRoot.url.path)")
    let result = TestSupport.run(["seed-plan", "--format", format, "examples/\(example)"])
    #expect(result.status == 0, "\(example): \(result.errors)")
    return result.output
  }

  /// The plan written to a file, to run.
  static func script(_ text: String) throws -> URL {
    let file = try TemporaryFolder.make().appendingPathComponent("plan.sh")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test(.enabled(if: TestSupport.executable("bash") != nil, "needs bash"), arguments: examples)
  func eachExamplesPlanIsBash(example: String) throws {
    let file = try Self.script(try Self.plan(example))
    let result = try TestSupport.runProgram(try #require(TestSupport.executable("bash")), ["-n", file.path])
    #expect(result.status == 0, "\(example): \(result.errors)")
  }

  @Test(
    .enabled(if: TestSupport.executable("shellcheck") != nil, "needs shellcheck (apt-get install shellcheck)"),
    arguments: examples)
  func eachExamplesPlanPassesShellcheck(example: String) throws {
    let file = try Self.script(try Self.plan(example))
    let result = try TestSupport.runProgram(
      try #require(TestSupport.executable("shellcheck")), ["-S", "warning", "-s", "bash", file.path])
    #expect(result.status == 0, "\(example):\n\(result.output)")
  }

  // MARK: - Running the scripts against stand-ins

  /// A folder of stand-ins: `adb` (the device's shell parses what `adb shell` is given, as a
  /// device's does; `getprop ro.build.version.sdk` prints $SDK), `stateproof` and `xcrun`; each
  /// appends the words it was given to $LOG as one line, `<word>` each. `stateproof` reads its
  /// input to the end first, so it logs after the commands piped into it, as it runs after them.
  static func standIns() throws -> URL {
    let bin = try TemporaryFolder.make()
    let adb = """
      #!/bin/sh
      line=adb; for word in "$@"; do line="$line <$word>"; done; printf '%s\\n' "$line" >> "$LOG"
      [ "$1" = shell ] || exit 0
      shift
      case "$*" in getprop*) echo "$SDK"; exit 0 ;; esac
      # adb joins its words into one line, which the device's shell parses again.
      sh -c "set -- $*; line=device; for word in \\"\\$@\\"; do line=\\"\\$line <\\$word>\\"; done; printf '%s\\n' \\"\\$line\\"" >> "$LOG"
      """
    let logging = """
      #!/bin/sh
      cat >/dev/null
      line=$(basename "$0"); for word in "$@"; do line="$line <$word>"; done; printf '%s\\n' "$line" >> "$LOG"
      """
    for (name, text) in [("adb", adb), ("stateproof", logging), ("xcrun", logging)] {
      let file = bin.appendingPathComponent(name)
      try text.write(to: file, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }
    return bin
  }

  /// Runs `script` with `arguments` against the stand-ins, in a fresh folder that is also HOME;
  /// gives the exit status, what the stand-ins were given, and the folder.
  static func run(_ script: URL, _ arguments: [String], sdk: Int = 34, environment: [String: String] = [:]) throws -> (
    status: Int32, log: String, folder: URL
  ) {
    let bin = try standIns()
    let folder = try TemporaryFolder.make()
    let log = folder.appendingPathComponent("log.txt")
    try Data().write(to: log)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(TestSupport.executable("bash")))
    process.arguments = [script.path] + arguments
    process.currentDirectoryURL = folder
    process.environment = [
      "PATH": "\(bin.path):/usr/bin:/bin", "HOME": folder.path, "LOG": log.path, "SDK": String(sdk),
      "SEED_RECORD": "seeds.jsonl",
    ].merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8), folder)
  }

  /// The scanner's generated Android functions run examples/seed-camera.sh's commands, command
  /// for command, on Android 14 and on 11 (where both stop before changing anything).
  @Test(.enabled(if: TestSupport.executable("bash") != nil, "needs bash"))
  func theScannersAndroidFunctionsAreSeedCameraSh() throws {
    let plan = try Self.script(try Self.plan("scanner"))
    let handWritten = PackageRoot.url("examples/seed-camera.sh")
    let listed = try Self.run(plan, ["--list"]).status
    #expect(listed == 0)
    for state in ["not-asked", "granted", "denied-once", "blocked"] {
      for sdk in [34, 30] {
        let environment = ["WANT_VERSION": "4.2.0"]
        let generated = try Self.run(plan, ["android/camera/\(state)"], sdk: sdk, environment: environment)
        let written = try Self.run(handWritten, [state], sdk: sdk, environment: environment)
        #expect(
          generated.log == written.log, "\(state) on API \(sdk):\n\(generated.log)\nvs seed-camera.sh:\n\(written.log)")
        #expect(generated.status == written.status, "\(state) on API \(sdk)")
        #expect(generated.status == (sdk == 34 || state == "granted" ? 0 : 2), "\(state) on API \(sdk)")
      }
    }
  }

  /// A row no shell command reaches prints its dialog step and exits 2, changing nothing.
  @Test(.enabled(if: TestSupport.executable("bash") != nil, "needs bash"))
  func aDialogOnlyRowExits2() throws {
    let plan = try Self.script(try Self.plan("scanner"))
    let policy = try Self.run(plan, ["android/camera/policy-denied"])
    #expect(policy.status == 2 && policy.log.isEmpty)
    let unknown = try Self.run(plan, ["android/camera/nope"])
    #expect(unknown.status == 2)
    let ios = try Self.run(plan, ["ios/camera/denied"])
    #expect(ios.status == 0)
    #expect(ios.log.contains("xcrun <simctl> <privacy> <booted> <revoke> <camera> <com.example.scanner>"))
    #expect(ios.log.contains("stateproof <seed-check> <--ios> <--device> <booted> <--package> <com.example.scanner>"))
  }

  // MARK: - seed-check accepts what the plans read back

  /// The `seed-check` arguments each row of an example's plan reads back with, by platform.
  static func readBacks(_ example: String, on platform: String) throws -> [[String]] {
    let plan = try #require(
      try JSONSerialization.jsonObject(with: Data(try Self.plan(example, format: "json").utf8)) as? [String: Any])
    let rows = (plan["rows"] as? [[String: Any]] ?? []).filter { $0["platform"] as? String == platform }
    return rows.compactMap { ($0["readBack"] as? [String: Any])?["check"] as? [String] }
  }

  /// The value after `option` in `arguments`.
  static func value(_ option: String, in arguments: [String]) throws -> String {
    try #require(arguments.firstIndex(of: option).map { arguments[$0 + 1] }, "no \(option) in \(arguments)")
  }

  /// Every Android (permission, state) an example's plan reads back is one `seed-check` takes, on
  /// the example's own seed logs of that permission: the log named for the state takes (the
  /// gallery's `background` log is its documented gap: it lacks the line, and seed-check names
  /// it), the others are read without an error (the gap's foreground lines show `precise`).
  @Test(arguments: examples)
  func seedCheckAcceptsEachAndroidPair(example: String) throws {
    let logs = try Self.seedLogs()
    for check in try Self.readBacks(example, on: "android") {
      let permission = try Self.value("--permission", in: check)
      let want = try Self.value("--want", in: check)
      let mine = logs.filter { $0.lastPathComponent.hasPrefix("seed-\(permission)-") }
      #expect(!mine.isEmpty, "\(example): no log of \(permission) to check \(want) on")
      for log in mine {
        let result = TestSupport.run(["seed-check", "--permission", permission, "--want", want, log.path])
        let missingLine =
          result.status == 2 && result.errors.contains("line: \(permission) cannot show \(want) without it")
        let took = log.lastPathComponent == "seed-\(permission)-\(want).log"
        #expect(
          took ? result.status == 0 || missingLine : result.status <= 1 || missingLine,
          "\(example) \(want) on \(log.path): \(result.errors)")
      }
    }
  }

  /// Every iOS (permission, state) an example's plan reads back is one `seed-check --ios` takes,
  /// on a Simulator's TCC.db holding the app's row for that state (no row: not determined;
  /// `auth_value` 0 denied, 2 authorized), under the service the knowledge names.
  @Test(.enabled(if: SQLiteDatabase.isAvailable, "needs libsqlite3-0"), arguments: examples)
  func seedCheckAcceptsEachIOSPair(example: String) throws {
    let values: [String: Int?] = ["not-determined": nil, "authorized": 2, "denied": 0]
    for check in try Self.readBacks(example, on: "ios") {
      let permission = try Self.value("--permission", in: check)
      let want = try Self.value("--want", in: check)
      let bundle = try Self.value("--package", in: check)
      let value = try #require(values[want], "\(example): no TCC value for \(want)")
      let service = try #require(PlatformKnowledge.permission(permission)?.ios?.store?.service)
      let data = try TemporaryFolder.make()
      try SimulatorData.tcc(in: data, .columns17, rows: value.map { [.init(service, bundle, $0)] } ?? [])
      let result = TestSupport.run([
        "seed-check", "--ios", "--data", data.path, "--package", bundle, "--permission", permission, "--want", want,
      ])
      #expect(result.status == 0, "\(example) ios \(permission) \(want): \(result.errors)")
    }
  }

  /// Every example's Android seed log (`seed-PERMISSION-STATE.log`).
  static func seedLogs() throws -> [URL] {
    let root = PackageRoot.url("examples")
    let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    return (walk?.allObjects as? [URL] ?? []).filter {
      $0.pathExtension == "log" && $0.lastPathComponent.hasPrefix("seed-")
    }
  }

  // MARK: - Hostile configurations

  /// App ids, a device and a permission's names that would run commands if pasted into a script
  /// unquoted: none does, on this machine or through adb on the device.
  @Test(.enabled(if: TestSupport.executable("bash") != nil, "needs bash"))
  func noConfigurationValueRunsACommand() throws {
    let folder = try TemporaryFolder.make()
    let hostile = [
      "x'; rm -rf ~; '", "$(touch pwned-1)", "`touch pwned-2`", "a\ntouch pwned-3\n", "\"; touch pwned-4; \"",
      "'$(touch pwned-5)'",
    ]
    for (index, appId) in hostile.enumerated() {
      let config = folder.appendingPathComponent("hostile-\(index).json")
      try """
      {
        "platforms": {
          "android": {"appId": \(Self.quoted(appId)), "versionName": \(Self.quoted(appId)), "releaseDevices": [\(Self.quoted("Pixel\n$(touch pwned-6) - 14"))]},
          "ios": {"appId": \(Self.quoted(appId)), "releaseDevices": [\(Self.quoted("iPhone 16 (18.6)`touch pwned-7`"))]}
        },
        "permissions": [
          {"id": "camera"},
          {"id": "perm$(touch pwned-8)", "android": \(Self.quoted("com.x.P'ERM$(touch${IFS}pwned-9)")), "ios": "thing"}
        ]
      }
      """.write(to: config, atomically: true, encoding: .utf8)
      let result = TestSupport.run(["seed-plan", "--config", config.path])
      #expect(result.status == 0, "\(result.errors)")
      let script = try Self.script(result.output)
      let syntax = try TestSupport.runProgram(try #require(TestSupport.executable("bash")), ["-n", script.path])
      #expect(syntax.status == 0, "\(appId): \(syntax.errors)")
      if let shellcheck = TestSupport.executable("shellcheck") {
        let lint = try TestSupport.runProgram(shellcheck, ["-S", "warning", "-s", "bash", script.path])
        #expect(lint.status == 0, "\(appId):\n\(lint.output)")
      }
      let listed = try Self.listed(script)
      #expect(listed.count > 10, "\(appId): \(listed)")
      for row in listed {
        let run = try Self.run(script, [row])
        let left = try FileManager.default.contentsOfDirectory(atPath: run.folder.path).filter { $0.hasPrefix("pwned") }
        #expect(left.isEmpty, "\(appId) \(row): a value ran a command")
        #expect(
          FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("log.txt").path), "HOME survived")
        if ["android/camera/granted", "android/camera/blocked"].contains(row) {
          // The host's words and the device's both hold the app id whole.
          #expect(run.log.contains("stateproof <seed-check> <--package> <\(appId)>"), "\(appId) \(row):\n\(run.log)")
          #expect(
            run.log.contains("device <pm> <grant> <\(appId)>") || run.log.contains("device <pm> <revoke> <\(appId)>"),
            "\(appId) \(row):\n\(run.log)")
        }
        if row.hasPrefix("ios/camera/") {
          #expect(run.log.contains("<camera> <\(appId)>"), "\(appId) \(row):\n\(run.log)")
        }
      }
    }
  }

  /// `text` as a JSON string, quotes and all.
  static func quoted(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data()
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }

  /// The rows `script --list` prints.
  static func listed(_ script: URL) throws -> [String] {
    let result = try TestSupport.runProgram(try #require(TestSupport.executable("bash")), [script.path, "--list"])
    return result.output.split(separator: "\n").map(String.init)
  }

  // MARK: - Options and declarations

  @Test func unknownRowsAndPlatformsAreUsageErrors() throws {
    try #require(PackageRoot.isWorkingFolder)
    let unknown = TestSupport.run(["seed-plan", "--row", "android/camera/blockd", "examples/scanner"])
    #expect(unknown.status == 2 && unknown.errors.contains("did you mean android/camera/blocked?"), "\(unknown.errors)")
    let platform = TestSupport.run(["seed-plan", "--platform", "web", "examples/scanner"])
    #expect(platform.status == 2)
    let ios = TestSupport.run(["seed-plan", "--platform", "ios", "examples/scanner"])
    #expect(ios.status == 0 && !ios.output.contains("adb ") && ios.output.contains("ios/camera/denied)"))
    let one = TestSupport.run(["seed-plan", "--row", "android/camera/blocked", "examples/scanner"])
    #expect(
      one.output.contains("seed_android_camera_blocked()") && !one.output.contains("seed_android_camera_granted()"))
  }

  /// A permission the app's files do not declare is left out, with why: pm refuses it.
  @Test func anUndeclaredPermissionIsLeftOut() throws {
    try #require(PackageRoot.isWorkingFolder)
    let config = try TemporaryFolder.make().appendingPathComponent("stateproof.json")
    try """
    {
      "platforms": {"android": {"appId": "com.example.scanner"}},
      "permissions": [
        {"id": "camera", "include": ["android/granted"], "reason": "one row"},
        {"id": "microphone", "include": ["android/granted"], "reason": "one row"}
      ]
    }
    """.write(to: config, atomically: true, encoding: .utf8)
    let result = TestSupport.run(["seed-plan", "--config", config.path, "examples/scanner/android"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("seed_android_camera_granted()"))
    #expect(!result.output.contains("seed_android_microphone_granted()"))
    #expect(
      result.output.contains(
        "#   android/microphone/granted: the app does not declare android.permission.RECORD_AUDIO, and pm refuses"))
  }
}
