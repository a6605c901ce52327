import StateProofModel
import StateProofEvidence

/// The device a device farm or runner names only in the folders it writes results to:
/// - Firebase Test Lab, as `gcloud` and Flank download it: `…/<model>-<version>-<locale>-<orientation>/test_result_1.xml`
///   (``TestLabDevice``), a retried attempt in a sibling `…-rerun_N/`;
/// - Gradle Managed Devices: `androidTest-results/managedDevice/[<variant>/]<device>/`, the device
///   by its DSL name (`pixel2api30`);
/// - Marathon's older layout: `<output>/tests/<pool>/<serial>/…xml` under a `marathon` folder, or
///   a `marathon_junit_report.xml` in `<pool>/<serial>/`, the serial as Marathon escapes it
///   (``MarathonDevice/serial(fromFolder:)``). Its current report per pool, `tests/<pool>/`, names
///   no device: its records do (`MarathonJoin`).
enum FarmDevicePath {
  /// What the path says: the device, and the attempt (`-rerun_N`) where it gives one.
  struct Found: Equatable {
    var device: String
    var attempt: Int?
  }

  /// The device named by `path` (relative, `/`-separated), or nil when it names none.
  static func device(in path: String) -> Found? {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    let folders = components.dropLast()
    if let testLab = folders.reversed().lazy.compactMap({ TestLabDevice($0) }).first {
      return Found(device: testLab.name, attempt: testLab.rerun)
    }
    if let managed = folders.lastIndex(of: "managedDevice") {
      let below = folders[(managed + 1)...].filter { $0 != "flavors" }
      // `managedDevice/<device>/` (AGP 7) or `managedDevice/<variant>/[flavors/<flavor>/]<device>/`.
      if let last = below.last, below.count > 1 || !buildTypes.contains(last) {
        return Found(device: String(last))
      }
    }
    if let fileName = components.last, folders.count >= 2,
      fileName == "marathon_junit_report.xml" || folders.contains(where: { $0.lowercased().hasPrefix("marathon") }),
      let tests = folders.lastIndex(of: "tests"), folders.distance(from: tests, to: folders.endIndex) == 3
    {
      // The serial escaped (`127.0.0.1-5037-emulator-5554` is adam's `127.0.0.1:5037:emulator-5554`).
      return Found(device: MarathonDevice.serial(fromFolder: String(folders[folders.endIndex - 1])))
    }
    return nil
  }

  /// AGP's build types, which name a variant folder and never a device.
  private static let buildTypes: Set<Substring> = ["debug", "release"]
}
