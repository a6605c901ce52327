import Foundation

/// The device an Android Gradle Plugin connected-test report names in its path, for files whose
/// suites carry no `device` property.
///
/// AGP writes `…/connected/<buildType>/TEST-<device>-<_project>-<flavor>.xml`, e.g.
/// `TEST-Pixel_4_XL_API_30(AVD) - 11-app-.xml`, and managed devices
/// `…/managedDevice/<device>/TEST-<device>-_app-.xml`. Device names hold spaces, parentheses and
/// dashes, while project and flavour names hold no dash, so the last two dashes of the name split
/// it. Folders under `connected/` or `managedDevice/` name a device when they read like AGP's
/// `<model> - <release>` (build types and `flavors/` never hold " - "). Else a farm's folder names
/// it (``FarmDevicePath``: Firebase Test Lab, Gradle Managed Devices, Marathon).
enum AndroidDevicePath {
  /// The device named by `path` (relative, `/`-separated), or nil when it names none.
  static func device(in path: String) -> String? {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    guard let fileName = components.last else { return nil }
    if let device = device(inFileName: fileName) { return device }
    let folders = components.dropLast()
    if let outputs = folders.lastIndex(where: { $0 == "connected" || $0 == "managedDevice" }),
      let device = folders[(outputs + 1)...].first(where: { $0.contains(" - ") })
    {
      return String(device)
    }
    return FarmDevicePath.device(in: path)?.device
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
}
