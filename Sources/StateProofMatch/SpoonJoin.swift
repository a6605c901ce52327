import StateProofModel
import StateProofEvidence

/// Gives Spoon's files their devices from the `result.json` beside them: in one output folder,
/// the JUnit file `junit-reports/<serial>.xml` and the screenshots `image/<serial>/…` name the
/// device only by its serial, while `result.json` names it fully (`0A1B2C3D4E5F` is
/// `Pixel 8 - 14`, `emulator-5554` is `Pixel_8_API_34(AVD) - 14 (emulator-5554)`). Each piece of
/// evidence there that names the serial names the device instead, so the device is one device,
/// listed once. Without `result.json` the serial stays the device.
package enum SpoonJoin {
  /// A serial in one output folder.
  private struct Key: Hashable {
    var root: String
    var output: String
    var serial: String
  }

  package static func join(_ evidence: EvidenceSet) -> EvidenceSet {
    guard !evidence.runnerSerials.isEmpty else { return evidence }
    var devices: [Key: String] = [:]
    for named in evidence.runnerSerials {
      let output = named.location.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      devices[Key(root: named.location.root, output: output.joined(separator: "/"), serial: named.serial)] =
        named.device
    }
    /// The device `result.json` names for `device`, a serial Spoon wrote into `path`; else `device`.
    func named(_ device: String?, root: String, path: String) -> String? {
      guard let device, let key = key(root: root, path: path), key.serial == device else { return device }
      return devices[key] ?? device
    }
    var joined = evidence
    for index in joined.files.indices
    where joined.files[index].kind == .junit || joined.files[index].kind == .screenshot {
      let file = joined.files[index]
      joined.files[index].devices = file.devices.compactMap { named($0, root: file.root, path: file.path) }
    }
    for index in joined.tests.indices {
      let location = joined.tests[index].location
      joined.tests[index].device = named(joined.tests[index].device, root: location.root, path: location.path)
    }
    for index in joined.nearMisses.indices {
      let location = joined.nearMisses[index].location
      joined.nearMisses[index].device = named(joined.nearMisses[index].device, root: location.root, path: location.path)
    }
    for index in joined.incompleteRuns.indices {
      let stop = joined.incompleteRuns[index]
      joined.incompleteRuns[index].device = named(stop.device, root: stop.root, path: stop.path)
    }
    for index in joined.screenshots.indices {
      let location = joined.screenshots[index].location
      joined.screenshots[index].device = named(
        joined.screenshots[index].device, root: location.root, path: location.path)
    }
    return joined
  }

  /// The output folder and serial of a Spoon file: `<output>/junit-reports/<serial>.xml` or
  /// `<output>/image/<serial>/<class>/<method>/<file>`; nil for other paths.
  private static func key(root: String, path: String) -> Key? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count >= 2, parts[parts.count - 2] == "junit-reports", parts[parts.count - 1].hasSuffix(".xml") {
      return Key(
        root: root, output: parts.dropLast(2).joined(separator: "/"),
        serial: String(parts[parts.count - 1].dropLast(".xml".count)))
    }
    if parts.count >= 5, parts[parts.count - 5] == "image" {
      return Key(root: root, output: parts.dropLast(5).joined(separator: "/"), serial: String(parts[parts.count - 4]))
    }
    return nil
  }
}
