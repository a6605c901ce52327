@_spi(CLI) import StateProofKit

/// `stateproof seed-check`: the read-back step of a seed script. Reads `dumpsys package` output,
/// finds one permission's lines for one user, composes their state, and says whether the seeded
/// state took.
enum SeedCheckCommand: Command {
  /// The options `stateproof seed-check` takes, in the order help lists them.
  enum Option: String, CommandOption {
    case permission
    case want
    case user
    case `package`
    case record
    case sdk
    case time
    case wantVersion = "want-version"
    case ios
    case device
    case data
    case runtime
    case xcode
  }

  static let spec = CommandSpec(
    name: "seed-check",
    summary: "Check that a seeded permission state took (Android: dumpsys output; iOS: the Simulator's store).",
    arguments: "[FILE]", minimumArguments: 0, maximumArguments: 1,
    options: [
      OptionSpec(
        "permission", value: "NAME", required: true,
        help:
          "A built-in permission id (camera, location, photos, …: the list below), read from all its lines, or one Android permission, e.g. android.permission.CAMERA."
      ),
      OptionSpec(
        "want", value: "STATE", required: true,
        help:
          "The state the seed step set, one of the permission's Android states (location: precise, approximate, background, …; photos: granted, partial, …; camera: …, sensor-off); `stateproof help seed-check` lists them."
      ),
      OptionSpec("user", value: "N", help: "The Android user whose line to read (default: 0)."),
      OptionSpec(
        "package", value: "PKG",
        help: "The app's package, when the dump holds several; with --ios, the app's bundle id (required)."),
      OptionSpec(
        "record", value: "FILE", help: "Append the result as one JSON line, which `report` reads as seed evidence."),
      OptionSpec(
        "sdk", value: "N",
        help:
          "The device's API level (adb shell getprop ro.build.version.sdk), put in the record so the report knows the device's Android version."
      ),
      OptionSpec(
        "time", value: "TIME", help: "A time to put in the record (default: none, or SOURCE_DATE_EPOCH when set)."),
      OptionSpec(
        "want-version", value: "VERSION",
        help:
          "Also fail (exit 1) unless the installed app's versionName, as its dumpsys package block prints it, is VERSION: the seed step refuses to run against the wrong APK."
      ),
      OptionSpec(
        "ios",
        help:
          "Read an iOS Simulator's own store instead of dumpsys: TCC.db's access table (camera, microphone, photos, contacts, calendar, reminders, motion, tracking, Bluetooth), locationd's clients.plist (location), BulletinBoard's sections (notifications, low confidence); the permission is a built-in id, the state an iOS state."
      ),
      OptionSpec(
        "device", value: "UDID",
        help:
          "With --ios: the Simulator (its UDID, or booted) whose data folder xcrun simctl getenv UDID HOME names (a Mac)."
      ),
      OptionSpec(
        "data", value: "DIR",
        help:
          "With --ios: a copy of the device's data folder, holding Library/TCC/TCC.db and Library/Caches/locationd/clients.plist."
      ),
      OptionSpec(
        "runtime", value: "VERSION",
        help: "With --ios: the runtime's iOS version, for the record (--device asks simctl)."),
      OptionSpec(
        "xcode", value: "VERSION", help: "With --ios: the Xcode version, for the record (--device asks xcodebuild)."),
    ],
    keyedBy: Option.self,
    discussion: """
      Reads the dump from FILE, or from standard input. Prints the package's versionCode= and \
      versionName= lines (when the dump has them) and the permission lines it used, as the seed \
      script's read-back does, so a log of its output names the build it seeded; --record keeps \
      them (and lastUpdateTime=, firstInstallTime=) too. In a dump with Package [...] headers only the package's own \
      block counts, and the SharedUser block its block declares (sharedUser=); without --package, \
      lines of several packages or shared users are refused and listed.

      A built-in id reads every line its state needs, from one read-back: location from \
      ACCESS_FINE_LOCATION, ACCESS_COARSE_LOCATION and ACCESS_BACKGROUND_LOCATION; photos from \
      READ_MEDIA_IMAGES, READ_MEDIA_VIDEO and READ_MEDIA_VISUAL_USER_SELECTED (READ_EXTERNAL_STORAGE \
      on 12L and earlier); camera and microphone also from the output of adb shell dumpsys \
      sensor_privacy in the same input (sensor-off). A line the state needs that is missing is \
      named. States by permission:
      \(SeedReadBack.stateLists)

      With --ios it reads the Simulator's store after xcrun simctl privacy: from --device's data \
      folder, from --data, else from FILE or standard input holding the lines a script printed \
      (tcc columns=…, tcc service=… client=… auth_value=…, location client=… Authorization=…: \
      docs/seeding.md prints them with sqlite3 and python3). Only the app's own rows count (client \
      its bundle id, client_type 0); another app's row, a duplicate, a leftover legacy location \
      key are printed and not taken. TCC.db's four schema generations are told by their columns \
      (allowed before iOS 14; auth_value in 13, 17 and 19 columns); auth_value 0 is denied, 2 \
      allowed, 3 limited, no row not determined. A store row is what was written, not what the \
      app reads: report takes such a record only together with the row's test.
      """,
    exitStatus: [
      (0, "the state took"),
      (
        1,
        "it did not; standard error says \"seed did not take: wanted STATE, found OTHER\" (with --ios, the raw value after it); or, with --want-version, the installed app is another version (\"wrong build: wanted VERSION, found OTHER\")"
      ),
      (
        2,
        "the input has no such permission line for that user, or lacks a line the state needs (it is named), the package is not installed for it, "
          + "dumpsys could not find the package (\"Unable to find package: NAME\": the device does not have it), "
          + "lines of several packages or shared users remain without --package (they are listed), --want-version is given and the input prints no versionName for the package, "
          + "with --ios the store cannot be read (no TCC.db: boot the Simulator once), cannot tell the state, or the app's rows disagree, or the arguments are wrong"
      ),
    ],
    examples: [
      "adb shell dumpsys package com.example.scanner | stateproof seed-check --permission android.permission.CAMERA --want blocked",
      "stateproof seed-check --permission android.permission.CAMERA --want granted --user 10 --record seeds.jsonl dump.txt",
      "adb shell dumpsys package com.example.scanner | stateproof seed-check --package com.example.scanner --permission camera --want blocked --want-version 4.2.0",
      "adb shell dumpsys package com.example.gallery | stateproof seed-check --permission location --want approximate --sdk 34",
      "{ adb shell dumpsys package com.example.scanner; adb shell dumpsys sensor_privacy; } | stateproof seed-check --permission camera --want sensor-off",
      "xcrun simctl privacy booted revoke camera com.example.scanner && stateproof seed-check --ios --device booted --package com.example.scanner --permission camera --want denied --record seeds.jsonl",
      "stateproof seed-check --ios --data simulator-data --package com.example.scanner --permission location --want when-in-use",
    ])

  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32 {
    let permission = try arguments.required(.permission)
    let want = try arguments.required(.want)
    if arguments.flag(.ios) { return try runIOS(arguments, permission: permission, want: want, console: console) }
    for option in [Option.device, .data, .runtime, .xcode] where arguments.value(option) != nil {
      throw UsageError(
        command: spec.name, message: "--\(option.rawValue) reads an iOS Simulator's store: give --ios too")
    }
    var user = 0
    if let text = arguments.value(.user) {
      guard let number = Int(text), number >= 0 else {
        throw UsageError(command: spec.name, message: "--user takes a user number, found \"\(text)\"")
      }
      user = number
    }
    var sdk: Int?
    if let text = arguments.value(.sdk) {
      guard let number = Int(text), number > 0, number < 1000 else {
        throw UsageError(command: spec.name, message: "--sdk takes an API level such as 34, found \"\(text)\"")
      }
      sdk = number
    }
    let time = try SourceDateEpoch.time(option: arguments.time(.time), environment: console.environment)?.text
    let readBack = try SeedReadBack(
      path: arguments.positionals.first, input: console.readInput, permission: permission, want: want, user: user,
      package: arguments.value(.package), wantedVersion: arguments.value(.wantVersion))
    for line in readBack.lines { try console.write(CommandLineTool.line(line)) }
    if let path = arguments.value(.record) {
      try StreamWriter.append(try readBack.record(time: time, sdk: sdk), toFileAt: path, name: "the seed record")
    }
    for failure in readBack.failures { try console.writeError(CommandLineTool.line(failure)) }
    return readBack.failures.isEmpty ? 0 : 1
  }

  /// `seed-check --ios`: the Simulator's store, for the bundle id `--package` names.
  private static func runIOS(
    _ arguments: ParsedArguments<Option>, permission: String, want: String, console: Console
  ) throws -> Int32 {
    for option in [Option.user, .sdk, .wantVersion] where arguments.value(option) != nil {
      throw UsageError(command: spec.name, message: "--\(option.rawValue) is for Android's dumpsys, not --ios")
    }
    guard let bundle = arguments.value(.package) else {
      throw UsageError(command: spec.name, message: "--ios needs the app's bundle id: --package BUNDLE")
    }
    if arguments.value(.device) != nil, arguments.value(.data) != nil {
      throw UsageError(command: spec.name, message: "--device and --data both name the store: give one")
    }
    if !arguments.positionals.isEmpty, arguments.value(.device) != nil || arguments.value(.data) != nil {
      throw UsageError(
        command: spec.name, message: "FILE holds printed lines; --device and --data read the store itself: give one")
    }
    let time = try SourceDateEpoch.time(option: arguments.time(.time), environment: console.environment)?.text
    let readBack = try SimulatorReadBack(
      path: arguments.positionals.first, input: console.readInput, device: arguments.value(.device),
      data: arguments.value(.data), permission: permission, want: want, bundle: bundle,
      runtime: arguments.value(.runtime), xcode: arguments.value(.xcode), environment: console.environment)
    for line in readBack.lines { try console.write(CommandLineTool.line(line)) }
    if let path = arguments.value(.record) {
      try StreamWriter.append(try readBack.record(time: time), toFileAt: path, name: "the seed record")
    }
    for failure in readBack.failures { try console.writeError(CommandLineTool.line(failure)) }
    return readBack.failures.isEmpty ? 0 : 1
  }
}
