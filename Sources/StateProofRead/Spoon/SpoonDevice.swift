import StateProofKnowledge

/// How StateProof names a device Spoon ran on, from the serial Spoon names its files for and the
/// `deviceDetails` its `result.json` records, in the spellings AGP and Marathon use:
/// - a physical device by its model and Android release, `Pixel 8 - 14`;
/// - an emulator by its AVD, with its serial, `Pixel_8_API_34(AVD) - 14 (emulator-5554)`, or by the
///   emulator's model when Spoon recorded no AVD, `sdk_gphone64_x86_64 - 14 (emulator-5554)`;
/// - the serial alone when the model or the release is unknown, or without `result.json`.
///
/// Spoon writes a serial into file and folder names with every character but letters, digits,
/// `_` and `-` as `_` (`SpoonUtils.sanitizeSerial`), and keys `result.json` the same way, so the
/// names agree: `emulator-5554` stays, `192.168.56.101:5555` is `192_168_56_101_5555`.
package enum SpoonDevice {
  package static func name(serial: String, details: SpoonDeviceDetails?) -> String {
    guard let details else { return serial }
    let known = { (text: String?) -> String? in
      guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
      return text
    }
    let release = known(details.version) ?? details.apiLevel.flatMap { $0 > 0 ? AndroidRelease.name(api: $0) : nil }
    // ddmlib tells an emulator by its `emulator-<port>` serial; Spoon before 1.1.10 records no flag.
    let emulator = details.isEmulator == true || serial.hasPrefix("emulator-")
    let onSerial = serial.hasPrefix("emulator-") ? " (\(serial))" : ""
    if emulator, let avd = known(details.avdName) {
      return "\(avd)(AVD)" + (release.map { " - \($0)" } ?? "") + onSerial
    }
    guard let model = known(details.model), let release else { return serial }
    return "\(model) - \(release)" + (emulator ? onSerial : "")
  }

  /// Whether `text` could be a serial as Spoon writes it into names: letters, digits, `_` and `-`.
  package static func isSerial(_ text: some StringProtocol) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
  }
}
