import Foundation
import StateProofKnowledge
import StateProofModel
import StateProofEvidence

/// A device as a release manager compares it: the name folded, the OS version, and whether it is
/// an emulator. It parses no producer's spelling: evidence hands over each device as its
/// producer's ``DeviceRule`` read it (a ``DeviceIdentity``), and only what a person wrote (a
/// release device, a folder, a seed record's own field) is read here, by
/// ``DeviceRule/identity(written:)``. What the name itself says is read for both: an emulator's
/// model (`sdk_gphone64_x86_64`) and Android Studio's AVD names (`Pixel_7_API_34`,
/// `<device>_API_<level>`). Names compare without regard to case, `_` against a space, or runs
/// of spaces.
package struct DeviceName: Sendable, Hashable {
  package enum Kind: Sendable, Hashable {
    /// No emulator mark: a physical device (or an iOS simulator, which names itself no differently).
    case device
    /// An Android Virtual Device named by its AVD name, `Name(AVD)` or Android Studio's
    /// `<device>_API_<level>`: the name is the AVD's own.
    case avd
    /// An emulator known by its serial (`emulator-5554`) or the emulator's model (`sdk_gphone…`).
    case emulator
  }

  /// The spelling as written.
  package let raw: String
  /// The name, folded for comparison: lowercase, `_` as a space, single spaces.
  package let key: String
  /// The OS version, without trailing `.0` parts (`14`, `18.6`); nil when the spelling has none.
  package let os: String?
  package let kind: Kind
  /// An emulator's serial, `emulator-5554`.
  package let serial: String?
  /// True when ``os`` is an Android API level (Test Lab's `-28-`), not a release (AGP's `- 9`).
  package let osIsAPILevel: Bool
  /// Test Lab's locale and orientation, `en-portrait`: the same model in another is another
  /// configuration.
  package let setting: String?
  /// The device an Android Studio AVD name starts with, folded (`pixel 7` of `Pixel_7_API_34`): the
  /// physical device a person may take it for; nil for other names.
  package let avdDevice: String?

  /// A device a person wrote (a release device, a folder named like one, a seed record's own
  /// field).
  package init(_ raw: String) {
    self.init(DeviceRule.identity(written: raw))
  }

  /// A device as its spelling was read, by its producer's rule or as a person's writing.
  package init(_ identity: DeviceIdentity) {
    raw = identity.spelling
    key = Self.fold(identity.name)
    os = identity.os.map(Self.trimmingZeroParts)
    osIsAPILevel = identity.osIsAPILevel
    setting = identity.setting?.lowercased()
    serial = identity.serial
    avdDevice = Self.studioAVDDevice(key)
    kind =
      if identity.isAVD {
        .avd
      } else if serial != nil || Self.emulatorModels.contains(where: key.hasPrefix) {
        .emulator
      } else if avdDevice != nil {
        .avd
      } else {
        .device
      }
  }

  /// The OS version as people and ``OSVersion`` read it: an API level as `API 28`, else ``os``.
  package var version: String? {
    guard let os else { return nil }
    return osIsAPILevel ? "API \(os)" : os
  }

  /// Whether this device (as evidence names it) could be `release`, the device a configuration
  /// asks for, judging the two names alone:
  /// - the names agree, or `release` is an emulator serial this device has;
  /// - `release` names no OS, or the same OS (a spelling without an OS is not known to have it);
  /// - an emulator is `release` only when `release` names an emulator: its serial, its AVD, or
  ///   an AVD by its bare name (`Medium_Phone_API_35` is the AVD `Medium_Phone_API_35(AVD)`). An
  ///   emulator known by serial or model never passes for a device named by its model, nor an AVD
  ///   for `Name - 14`, AGP's spelling of a physical device.
  package func couldBe(_ release: DeviceName) -> Bool {
    guard !release.key.isEmpty else { return false }
    if let serial = release.serial {
      guard self.serial == serial else { return false }
      // `emulator-5554` alone names the serial; `Pixel 8 - 14 (emulator-5554)` also the model.
      guard release.key == serial || release.key == key else { return false }
    } else {
      // Test Lab's model ids are written without spaces (`Pixel2` for a `Pixel 2`).
      let compact = (release.setting != nil || setting != nil) && Self.compact(release.key) == Self.compact(key)
      guard release.key == key || compact else { return false }
      if let wanted = release.setting, wanted != setting { return false }
      switch (release.kind, kind) {
      case (.device, .device), (.avd, .avd), (.emulator, .emulator), (.emulator, .avd): break
      // A bare name is an AVD's; `Name - 14` is AGP's spelling of a physical device.
      case (.device, .avd) where release.os == nil: break
      default: return false
      }
    }
    guard let wanted = release.os else { return true }
    guard let os else { return false }
    if release.osIsAPILevel == osIsAPILevel { return wanted == os }
    // An API level against a release: `28` is Android `9`.
    let (api, named) = osIsAPILevel ? (os, wanted) : (wanted, os)
    return Int(api) != nil && Int(api) == AndroidRelease.apiLevel(release: named)
  }

  private static func compact(_ key: String) -> String {
    key.filter { !$0.isWhitespace }
  }

  /// The model names emulator system images report as `Build.MODEL`, folded.
  private static let emulatorModels = ["sdk gphone", "sdk phone", "android sdk built for", "sdk google"]

  /// The device part of Android Studio's AVD name, `<device>_API_<level>[_<more>]` folded
  /// (`pixel 7 api 34` → `pixel 7`; `pixel 3a api 34 extension level 7 x86 64` → `pixel 3a`);
  /// nil when `key` is not one.
  private static func studioAVDDevice(_ key: String) -> String? {
    let words = key.split(separator: " ")
    guard let api = words.lastIndex(where: { $0 == "api" }), api > 0, api + 1 < words.count,
      words[api + 1].first?.isNumber == true,
      words[api + 1].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
    else { return nil }
    return words[..<api].joined(separator: " ")
  }

  private static func fold(_ text: String) -> String {
    text.lowercased().replacingOccurrences(of: "_", with: " ")
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// `14.0` → `14`, `18.6.0` → `18.6`: tools differ in how many parts they print.
  private static func trimmingZeroParts(_ version: String) -> String {
    var parts = version.split(separator: ".", omittingEmptySubsequences: false)
    while parts.count > 1, parts.last == "0" { parts.removeLast() }
    return parts.joined(separator: ".").lowercased()
  }
}
