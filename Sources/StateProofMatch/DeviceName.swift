import Foundation
import StateProofKnowledge
import StateProofModel
import StateProofEvidence

/// A device name as a tool or a person wrote it, read into the parts a release manager compares:
/// the model (or AVD) name, the OS version, and whether it is an emulator.
///
/// Spellings it reads: AGP's `Pixel 8 - 14` (physical: model and Android release),
/// `Medium_Phone_API_35(AVD) - 15` (an emulator by its AVD name), Android Studio's AVD names
/// alone (`Pixel_7_API_34`, `<device>_API_<level>`, as Maestro names an emulator), `emulator-5554`,
/// `Pixel 8 - 14 (emulator-5554)` and `sdk_gphone64_x86_64 - 14` (emulators by serial or by the
/// emulator's model name); fastlane trainer's `iPhone 16 (18.6)`, an xcresult's `iPhone 16`, and
/// a parallel-testing `Clone 1 of iPhone 16`. A farm's spelling, Firebase Test Lab's
/// `NexusLowRes-28-en-portrait`, comes read by its rule: as a ``DeviceIdentity`` from evidence, or
/// by ``DeviceRule/identity(written:)`` from a person. Names compare without regard to case, `_`
/// against a space, or runs of spaces.
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

  /// A device a person wrote (a release device, a folder named like one): a farm's spelling is
  /// read by its rule (``DeviceRule/identity(written:)``), any other as below.
  package init(_ raw: String) {
    self.init(raw, identity: DeviceRule.identity(written: Self.trimmed(raw)))
  }

  /// A device as its reader handed it over: the model, OS and setting its producer's rule read,
  /// without parsing the spelling again; a spelling the rule reads nothing from is read as below.
  package init(_ identity: DeviceIdentity) {
    self.init(identity.spelling, identity: identity)
  }

  private init(_ raw: String, identity: DeviceIdentity?) {
    self.raw = raw
    if let identity, let model = identity.model {
      key = Self.fold(model)
      os = identity.os.map(Self.trimmingZeroParts)
      osIsAPILevel = identity.osIsAPILevel
      setting = identity.setting?.lowercased()
      kind = .device
      serial = nil
      avdDevice = nil
      return
    }
    osIsAPILevel = false
    setting = nil
    var text = Self.trimmed(raw)
    var serial: String?
    if let (inner, rest) = Self.lastParenthesis(text), Self.isSerial(inner) {
      serial = inner.lowercased()
      text = rest
    }
    var os: String?
    if let dash = text.range(of: " - ", options: .backwards) {
      let version = Self.trimmed(String(text[dash.upperBound...]))
      if Self.isAndroidVersion(version) {
        os = version
        text = Self.trimmed(String(text[..<dash.lowerBound]))
      }
    }
    var kind = Kind.device
    if text.lowercased().hasSuffix("(avd)") {
      kind = .avd
      text = Self.trimmed(String(text.dropLast("(avd)".count)))
    } else if os == nil, let (inner, rest) = Self.lastParenthesis(text), Self.isAppleVersion(inner) {
      os = inner
      text = rest
    }
    if Self.isSerial(text) { serial = text.lowercased() }
    var key = Self.fold(text)
    // Xcode's parallel testing runs `Clone 1 of iPhone 16`: the same model.
    if key.hasPrefix("clone "), let of = key.range(of: " of "),
      key[key.index(key.startIndex, offsetBy: 6)..<of.lowerBound].allSatisfy(\.isNumber)
    {
      key = String(key[of.upperBound...])
    }
    if kind == .device, serial != nil || Self.emulatorModels.contains(where: key.hasPrefix) {
      kind = .emulator
    }
    avdDevice = Self.studioAVDDevice(key)
    if kind == .device, avdDevice != nil { kind = .avd }
    self.key = key
    self.os = os.map(Self.trimmingZeroParts)
    self.kind = kind
    self.serial = serial
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

  /// `emulator-5554`: the serial `adb` gives an emulator.
  private static func isSerial(_ text: String) -> Bool {
    let lowered = text.lowercased()
    guard lowered.hasPrefix("emulator-") else { return false }
    let port = lowered.dropFirst("emulator-".count)
    return !port.isEmpty && port.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// AGP's release part: `14`, `4.3.1`, or a preview's codename (`VanillaIceCream`).
  private static func isAndroidVersion(_ text: String) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
  }

  /// trainer's `(18.6)`: digits and dots only, so `iPad (10th generation)` keeps its name.
  private static func isAppleVersion(_ text: String) -> Bool {
    text.first?.isNumber == true && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
  }

  /// The text inside a final `(…)`, and what comes before it; nil when `text` ends otherwise.
  private static func lastParenthesis(_ text: String) -> (inner: String, rest: String)? {
    guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return nil }
    let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
    return (String(inner), trimmed(String(text[..<open])))
  }

  private static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
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
