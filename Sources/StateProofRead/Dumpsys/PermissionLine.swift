/// One `dumpsys package` permission line, in any of the shapes Android has printed:
/// `NAME: granted=false, flags=[ USER_SET|USER_FIXED]` (10+), `flags=[ A B ]` (6–9),
/// `NAME, granted=false, flags=0x3` (M preview), no flags at all, and a trailing `, userId=N`.
package struct PermissionLine: Sendable, Hashable {
  package var name: String
  package var granted: Bool
  package var flags: PermissionFlags
  package var userId: Int?

  package init(name: String, granted: Bool, flags: PermissionFlags, userId: Int? = nil) {
    self.name = name
    self.granted = granted
    self.flags = flags
    self.userId = userId
  }

  /// Finds a permission line anywhere in `text` (log prefixes and timestamps are skipped);
  /// nil when the text holds none.
  package static func parse<S: StringProtocol>(_ text: S) -> PermissionLine? {
    let utf8 = Array(text.utf8)
    guard let (nameStart, nameEnd, valueStart) = locateGranted(in: utf8) else { return nil }
    var cursor = valueStart
    let granted: Bool
    if utf8[cursor...].starts(with: Array("true".utf8)) {
      granted = true
      cursor += 4
    } else if utf8[cursor...].starts(with: Array("false".utf8)) {
      granted = false
      cursor += 5
    } else {
      return nil
    }
    let name = String(decoding: utf8[nameStart..<nameEnd], as: UTF8.self)
    var flags = PermissionFlags()
    var userId: Int?
    let rest = String(decoding: utf8[cursor...], as: UTF8.self)
    var remainder = Substring(rest)
    if remainder.hasPrefix(", flags=") {
      remainder = remainder.dropFirst(", flags=".count)
      if remainder.hasPrefix("0x") || remainder.hasPrefix("0X") {
        let digits = remainder.dropFirst(2).prefix { $0.isHexDigit }
        flags = PermissionFlags(bits: UInt64(digits, radix: 16) ?? 0)
        remainder = remainder.dropFirst(2 + digits.count)
      } else if remainder.hasPrefix("[") {
        guard let close = remainder.firstIndex(of: "]") else { return nil }
        flags = PermissionFlags(listed: remainder[remainder.index(after: remainder.startIndex)..<close])
        remainder = remainder[remainder.index(after: close)...]
      }
    }
    if remainder.hasPrefix(", userId=") {
      userId = Int(remainder.dropFirst(", userId=".count).prefix { $0.isNumber })
    }
    return PermissionLine(name: name, granted: granted, flags: flags, userId: userId)
  }

  /// Finds `<name>: granted=` or `<name>, granted=` and returns the name's bounds and where the
  /// value starts.
  private static func locateGranted(in bytes: [UInt8]) -> (Int, Int, Int)? {
    let marker = Array("granted=".utf8)
    var index = 0
    while index + marker.count <= bytes.count {
      guard bytes[index..<(index + marker.count)].elementsEqual(marker) else {
        index += 1
        continue
      }
      // Expect ": " or ", " right before the marker, then the permission name.
      if index >= 3, bytes[index - 1] == UInt8(ascii: " "),
        bytes[index - 2] == UInt8(ascii: ":") || bytes[index - 2] == UInt8(ascii: ",")
      {
        let nameEnd = index - 2
        var nameStart = nameEnd
        while nameStart > 0, isNameByte(bytes[nameStart - 1]) { nameStart -= 1 }
        if nameStart < nameEnd, bytes[nameStart..<nameEnd].contains(UInt8(ascii: ".")) {
          return (nameStart, nameEnd, index + marker.count)
        }
      }
      index += marker.count
    }
    return nil
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "-"):
      true
    default: false
    }
  }
}
