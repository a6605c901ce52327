import Foundation

/// The parts device spellings share, each read off the end of a spelling: AGP's ` - <release>`,
/// the `(AVD)` mark, fastlane trainer's `(<iOS version>)`, an emulator's `emulator-5554` serial,
/// and Xcode's `Clone 1 of <model>`. Each producer's ``DeviceRule`` reads the parts its producer
/// writes; text a person wrote is read with all of them (``written(_:)``).
package enum DeviceSpelling {
  /// Text a person wrote (a release device, a folder, a seed record's own field) read with every
  /// part, in the order AGP, Marathon, Spoon and fastlane trainer write them:
  /// `<name>[(AVD)][ - <release>][ (<serial>)]` or `<name> (<iOS version>)`.
  package static func written(_ text: String) -> DeviceIdentity {
    var identity = unread(text, by: nil)
    readSerial(&identity)
    readRelease(&identity)
    if !readAVD(&identity) { readAppleVersion(&identity) }
    readBareSerial(&identity)
    readClone(&identity)
    return identity
  }

  /// A spelling none of whose parts is read yet: the name is the whole spelling, trimmed.
  package static func unread(_ text: String, by producer: DeviceProducer?) -> DeviceIdentity {
    DeviceIdentity(spelling: text, producer: producer, name: trimmed(text))
  }

  /// Moves a final `(emulator-5554)` from the name into the serial.
  package static func readSerial(_ identity: inout DeviceIdentity) {
    guard let (inner, rest) = lastParenthesis(identity.name), isSerial(inner) else { return }
    identity.serial = inner.lowercased()
    identity.name = rest
  }

  /// Moves a final ` - <release>` (`14`, `4.3.1`, a preview's codename) into the OS.
  package static func readRelease(_ identity: inout DeviceIdentity) {
    let text = identity.name
    guard let dash = text.range(of: " - ", options: .backwards) else { return }
    let version = trimmed(String(text[dash.upperBound...]))
    guard !version.isEmpty, version.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") })
    else { return }
    identity.os = version
    identity.name = trimmed(String(text[..<dash.lowerBound]))
  }

  /// Takes a final `(AVD)` off the name, marking an Android Virtual Device; whether it did.
  @discardableResult
  package static func readAVD(_ identity: inout DeviceIdentity) -> Bool {
    guard identity.name.lowercased().hasSuffix("(avd)") else { return false }
    identity.isAVD = true
    identity.name = trimmed(String(identity.name.dropLast("(avd)".count)))
    return true
  }

  /// Moves a final `(18.6)` (digits and dots only, so `iPad (10th generation)` keeps its name)
  /// into the OS, unless the OS is already read.
  package static func readAppleVersion(_ identity: inout DeviceIdentity) {
    guard identity.os == nil, let (inner, rest) = lastParenthesis(identity.name),
      inner.first?.isNumber == true, inner.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
    else { return }
    identity.os = inner
    identity.name = rest
  }

  /// Notes a name that is an emulator's serial, `emulator-5554`, as the serial.
  package static func readBareSerial(_ identity: inout DeviceIdentity) {
    if isSerial(identity.name) { identity.serial = identity.name.lowercased() }
  }

  /// Xcode's parallel testing runs `Clone 1 of iPhone 16`: the same model, named without it.
  package static func readClone(_ identity: inout DeviceIdentity) {
    let words = identity.name.split(whereSeparator: { $0.isWhitespace || $0 == "_" })
    guard words.count > 3, words[0].lowercased() == "clone", words[1].allSatisfy(\.isNumber),
      words[2].lowercased() == "of"
    else { return }
    identity.name = words[3...].joined(separator: " ")
  }

  /// `emulator-5554`: the serial `adb` gives an emulator.
  private static func isSerial(_ text: String) -> Bool {
    let lowered = text.lowercased()
    guard lowered.hasPrefix("emulator-") else { return false }
    let port = lowered.dropFirst("emulator-".count)
    return !port.isEmpty && port.allSatisfy { $0.isASCII && $0.isNumber }
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
}
