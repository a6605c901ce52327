import StateProofKnowledge

/// How StateProof names a device Marathon records (its `DeviceInfo`: serial, model, OS): the way
/// the release devices table compares names.
///
/// - Android (`operatingSystem.version` is the API level): `<model> - <release>` (`Pixel 8 - 14`),
///   with an emulator's serial after it (`sdk_gphone64_x86_64 - 14 (emulator-5554)`); the serial
///   alone when the model or the API level is unknown.
/// - Apple (a simulator's serial is `<udid>@<host>`): `<model> (<version>)` when the OS version is
///   known, else the simulator's UDID, as `xcrun simctl` names it.
///
/// Marathon's Android serial through adam is `<host>:<port>:<adb serial>`; its folders write it
/// escaped (`DeviceInfo.safeSerialNumber`: every character but letters, digits, `.` and `#` as `-`):
/// `127.0.0.1-5037-emulator-5554`. Both give the adb serial, `emulator-5554`.
package enum MarathonDevice {
  package static func name(serial: String, model: String?, osVersion: String?, manufacturer: String?) -> String {
    let known = { (text: String?) -> String? in
      guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text != "Unknown" else { return nil }
      return text
    }
    let apple = manufacturer == "Apple" || serial.contains("@")
    if apple {
      let udid = serial.split(separator: "@", maxSplits: 1).first.map(String.init) ?? serial
      if let model = known(model), let version = known(osVersion) { return "\(model) (\(version))" }
      return udid
    }
    let adb = adbSerial(serial)
    guard let model = known(model), let api = known(osVersion).flatMap(Int.init),
      let release = AndroidRelease.name(api: api)
    else { return adb }
    let emulator = adb.hasPrefix("emulator-") ? " (\(adb))" : ""
    return "\(model) - \(release)\(emulator)"
  }

  /// The adb serial in adam's `<host>:<port>:<serial>`; the text itself otherwise.
  package static func adbSerial(_ serial: String) -> String {
    let parts = serial.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, isHost(parts[0]), isPort(parts[1]) else { return serial }
    return String(parts[2])
  }

  /// The adb serial a Marathon folder spells escaped: `127.0.0.1-5037-emulator-5554` is
  /// `emulator-5554`, and a device adb reaches over TCP, `127.0.0.1-5037-192.168.1.20-5555`, is
  /// `192.168.1.20:5555` again; another folder name is returned as it is.
  package static func serial(fromFolder folder: String) -> String {
    guard let adb = escapedAdamSerial(folder) else { return folder }
    let parts = adb.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, isHost(parts[0]), isPort(parts[1]) else { return String(adb) }
    return "\(parts[0]):\(parts[1])"
  }

  /// Whether `folder` is adam's serial as Marathon escapes it, `<host>-<port>-<adb serial>`: a
  /// name only Marathon gives a folder.
  package static func isEscapedAdamSerial(_ folder: some StringProtocol) -> Bool {
    escapedAdamSerial(folder) != nil
  }

  /// The adb serial part of an escaped adam serial, still escaped; nil for other names.
  private static func escapedAdamSerial(_ folder: some StringProtocol) -> Substring? {
    let parts = Substring(folder).split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, isHost(parts[0]), isPort(parts[1]), !parts[2].isEmpty else { return nil }
    return parts[2]
  }

  /// A port number, as adam writes the adb server's.
  private static func isPort(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// An IPv4 address or `localhost`, as adam's host.
  private static func isHost(_ text: Substring) -> Bool {
    if text == "localhost" { return true }
    let octets = text.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }
  }
}
