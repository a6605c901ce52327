import StateProofEvidence

/// The device an Android screenshot's path names.
///
/// The Android Gradle Plugin pulls files a test wrote with AndroidX `takeScreenshot()` and
/// `writeToTestStorage` to `connected_android_test_additional_output/<variant>/connected/<device>/`
/// (e.g. `Pixel 8 - 14`) and, for Gradle managed devices, to
/// `managed_device_android_test_additional_output/<variant>/<device>/`. Other paths fall back to
/// the JUnit rule: a folder under `connected/` that reads like `<model> - <release>`.
enum AndroidScreenshotPath {
  static let outputFolders: Set<Substring> = [
    "connected_android_test_additional_output", "managed_device_android_test_additional_output",
  ]

  /// The device named by `path` (relative, `/`-separated), or nil when it names none.
  static func device(in path: String) -> String? {
    identity(in: path)?.spelling
  }

  /// The device named by `path`, as the rule of the producer that wrote the folder reads it.
  static func identity(in path: String) -> DeviceIdentity? {
    let folders = path.split(separator: "/").dropLast()
    guard let output = folders.lastIndex(where: outputFolders.contains) else {
      return DevicePath.identity(in: path)
    }
    // Skip the variant, then AGP's `connected` level when there is one.
    var rest = folders[(output + 1)...].dropFirst()
    if rest.first == "connected" { rest = rest.dropFirst() }
    let producer: DeviceProducer =
      folders[output] == "managed_device_android_test_additional_output" ? .gradleManagedDevices : .agpConnected
    return rest.first.map { DeviceRule.of(producer).identity(spelled: String($0)) }
  }
}
