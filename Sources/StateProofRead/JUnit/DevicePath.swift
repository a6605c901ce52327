import Foundation
import StateProofModel
import StateProofEvidence

/// The device a path names, by the path patterns of the device table (``DeviceRule``), tried in
/// its order:
/// - AGP's connected tests: `…/connected/<buildType>/TEST-<device>-<project>-<flavor>.xml`, e.g.
///   `TEST-Pixel_4_XL_API_30(AVD) - 11-app-.xml` (device names hold spaces, parentheses and
///   dashes, while project and flavour names hold no dash, so the last two dashes split it), or a
///   folder under `connected/` or `managedDevice/` that reads like AGP's `<model> - <release>`
///   (build types and `flavors/` never hold " - ");
/// - Firebase Test Lab, as `gcloud` and Flank download it: `…/<model>-<version>-<locale>-<orientation>/test_result_1.xml`
///   (``TestLabDevice``), a retried attempt in a sibling `…-rerun_N/`;
/// - Gradle Managed Devices: `androidTest-results/managedDevice/[<variant>/]<device>/`, the device
///   by its DSL name (`pixel2api30`);
/// - Marathon's older layout: `<output>/tests/<pool>/<serial>/…xml` under a `marathon` folder, a
///   `marathon_junit_report.xml` or a one-test `<package.Class#method>.xml` in `<pool>/<serial>/`,
///   or a serial folder named as Marathon escapes adam's serial (`127.0.0.1-5037-emulator-5554`,
///   read by ``MarathonDevice/serial(fromFolder:)``), so a run read from Marathon's own output
///   folder is read too. Its current report per pool, `tests/<pool>/`, names no device: its
///   records do (`MarathonJoin`);
/// - Spoon's screenshots: `image/<serial>/<package.Class>/<method>/<time>_<tag>.png`, the serial as
///   Spoon writes it into names (``SpoonDevice/isSerial(_:)``). Its JUnit file,
///   `junit-reports/<serial>.xml`, is Spoon's only by its content, so the JUnit reader names that
///   device (`DialectSignals`); `result.json` names both fully (`SpoonJoin`).
enum DevicePath {
  /// What the path says: the device, and the attempt (`-rerun_N`) where it gives one.
  struct Found: Equatable {
    var device: String
    var attempt: Int?
  }

  /// The device named by `path` (relative, `/`-separated) by any producer's pattern, or nil.
  static func device(in path: String) -> String? {
    identity(in: path)?.spelling
  }

  /// The device named by `path` by any producer's pattern, as that producer's rule reads it.
  static func identity(in path: String) -> DeviceIdentity? {
    device(in: path, patterns: DeviceRule.pathPatterns).map {
      DeviceRule.of($0.pattern).identity(spelled: $0.found.device)
    }
  }

  /// The device named by `path` in a folder a device farm or runner writes, or nil.
  static func farmDevice(in path: String) -> Found? {
    device(in: path, patterns: DeviceRule.pathPatterns.filter(\.isFarm))?.found
  }

  private static func device(
    in path: String, patterns: [DeviceRule.PathPattern]
  ) -> (found: Found, pattern: DeviceRule.PathPattern)? {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    for pattern in patterns {
      if let found = device(in: components, pattern) { return (found, pattern) }
    }
    return nil
  }

  private static func device(in components: [Substring], _ pattern: DeviceRule.PathPattern) -> Found? {
    let folders = components.dropLast()
    switch pattern {
    case .agpFileName:
      return components.last.flatMap(device(inFileName:)).map { Found(device: $0) }
    case .agpFolder:
      guard let outputs = folders.lastIndex(where: { $0 == "connected" || $0 == "managedDevice" }),
        let device = folders[(outputs + 1)...].first(where: { $0.contains(" - ") })
      else { return nil }
      return Found(device: String(device))
    case .testLabFolder:
      return folders.reversed().lazy.compactMap({ TestLabDevice($0) }).first.map {
        Found(device: $0.name, attempt: $0.rerun)
      }
    case .managedDeviceFolder:
      guard let managed = folders.lastIndex(of: "managedDevice") else { return nil }
      let below = folders[(managed + 1)...].filter { $0 != "flavors" }
      // `managedDevice/<device>/` (AGP 7) or `managedDevice/<variant>/[flavors/<flavor>/]<device>/`.
      guard let last = below.last, below.count > 1 || !buildTypes.contains(last) else { return nil }
      return Found(device: String(last))
    case .marathonSerialFolder:
      guard let fileName = components.last, let serial = folders.last,
        let tests = folders.lastIndex(of: "tests"), folders.distance(from: tests, to: folders.endIndex) == 3,
        fileName == "marathon_junit_report.xml" || fileName.contains("#")
          || MarathonDevice.isEscapedAdamSerial(serial)
          || folders.contains(where: { $0.lowercased().hasPrefix("marathon") })
      else { return nil }
      // The serial escaped (`127.0.0.1-5037-emulator-5554` is adam's `127.0.0.1:5037:emulator-5554`).
      return Found(device: MarathonDevice.serial(fromFolder: String(serial)))
    case .spoonImageFolder:
      // `SpoonRule.screenshot` names a file `<currentTimeMillis>_<tag>.png` in a folder per test.
      guard let image = folders.lastIndex(of: "image"), folders.distance(from: image, to: folders.endIndex) == 4,
        let fileName = components.last, let time = fileName.firstIndex(of: "_"),
        !fileName[..<time].isEmpty, fileName[..<time].allSatisfy({ $0.isASCII && $0.isNumber }),
        case let serial = folders[image + 1], SpoonDevice.isSerial(serial), folders[image + 2].contains(".")
      else { return nil }
      return Found(device: String(serial))
    }
  }

  /// The device in `TEST-<device>-<project>-<flavor>.xml`, or nil for other names (e.g. Gradle's
  /// `TEST-<class>.xml`, which has no dash after the prefix).
  private static func device(inFileName name: Substring) -> String? {
    guard name.hasPrefix("TEST-"), name.hasSuffix(".xml") else { return nil }
    let stem = name.dropFirst("TEST-".count).dropLast(".xml".count)
    guard let flavorDash = stem.lastIndex(of: "-"),
      let projectDash = stem[..<flavorDash].lastIndex(of: "-")
    else { return nil }
    let device = stem[..<projectDash].trimmingCharacters(in: .whitespaces)
    return device.isEmpty ? nil : device
  }

  /// AGP's build types, which name a variant folder and never a device.
  private static let buildTypes: Set<Substring> = ["debug", "release"]
}
