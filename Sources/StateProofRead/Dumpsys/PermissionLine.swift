/// One `dumpsys package` permission line, in any of the shapes Android has printed:
/// `NAME: granted=false, flags=[ USER_SET|USER_FIXED]` (10+), `flags=[ A B ]` (6–9),
/// `NAME, granted=false, flags=0x3` (M preview), no flags at all, and a trailing `, userId=N`.
package struct PermissionLine: Sendable, Hashable {
  package var name: String
  package var granted: Bool
  package var flags: PermissionFlags
  /// The `, userId=N` suffix Android 12+ adds to install-permission lines of non-system users.
  package var userId: Int?
  /// The line from the permission name on, without trailing whitespace: log prefixes and
  /// indentation are not part of the evidence.
  package var text: String

  package init(
    name: String, granted: Bool, flags: PermissionFlags, userId: Int? = nil, text: String
  ) {
    self.name = name
    self.granted = granted
    self.flags = flags
    self.userId = userId
    self.text = text
  }

  /// Reads the permission line found anywhere in `text` (whatever precedes the name is ignored).
  ///
  /// - Returns: nil when the text holds no `<name>: granted=` (or `<name>, granted=`) at all, a
  ///   failure when it does but the rest cannot be read (a value that is not a boolean, a flag
  ///   list cut off before `]`, a hex number too large).
  package static func parse<S: StringProtocol>(_ text: S) -> Result<
    PermissionLine, PermissionLineError
  >? {
    parse(bytes: Array(text.utf8))
  }

  /// The same as `parse(_:)` on UTF-8 bytes. Runs in one pass over the bytes, so a hostile
  /// 10 MB line costs linear time.
  package static func parse(bytes: [UInt8]) -> Result<PermissionLine, PermissionLineError>? {
    guard let (nameStart, nameEnd, valueStart) = locateGranted(in: bytes) else { return nil }
    let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
    func failure(_ reason: String) -> Result<PermissionLine, PermissionLineError> {
      .failure(PermissionLineError(permission: name, reason: reason))
    }
    var cursor = valueStart
    let granted: Bool
    if matches("true", in: bytes, at: cursor) {
      granted = true
      cursor += 4
    } else if matches("false", in: bytes, at: cursor) {
      granted = false
      cursor += 5
    } else {
      return failure("granted= is neither true nor false")
    }
    guard cursor == bytes.count || bytes[cursor] == UInt8(ascii: ",") || isSpace(bytes[cursor])
    else { return failure("granted= is neither true nor false") }

    var flags = PermissionFlags()
    if matches(", flags=", in: bytes, at: cursor) {
      cursor += 8
      if matches("0x", in: bytes, at: cursor) || matches("0X", in: bytes, at: cursor) {
        cursor += 2
        let digitsStart = cursor
        while cursor < bytes.count, isHexDigit(bytes[cursor]) { cursor += 1 }
        let digits = bytes[digitsStart..<cursor].drop { $0 == UInt8(ascii: "0") }
        guard cursor > digitsStart, digits.count <= 16,
          let bits = UInt64(digits.isEmpty ? "0" : String(decoding: digits, as: UTF8.self), radix: 16)
        else { return failure("flags=0x… is not a hex number of at most 64 bits") }
        flags = PermissionFlags(bits: bits)
      } else if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "[") {
        guard let close = bytes[cursor...].firstIndex(of: UInt8(ascii: "]")) else {
          return failure("the flag list has no closing ] (line cut off?)")
        }
        flags = PermissionFlags(listed: bytes[(cursor + 1)..<close])
        cursor = close + 1
      } else {
        return failure("flags= is neither a [list] nor a 0x number")
      }
    }

    var userId: Int?
    if matches(", userId=", in: bytes, at: cursor) {
      cursor += 9
      let digitsStart = cursor
      while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
      guard cursor > digitsStart, cursor - digitsStart <= 9 else {
        return failure("userId= is not a user number")
      }
      userId = Int(String(decoding: bytes[digitsStart..<cursor], as: UTF8.self))
    }

    var textEnd = bytes.count
    while textEnd > nameStart, isSpace(bytes[textEnd - 1]) { textEnd -= 1 }
    return .success(
      PermissionLine(
        name: name, granted: granted, flags: flags, userId: userId,
        text: String(decoding: bytes[nameStart..<textEnd], as: UTF8.self)))
  }

  /// Where the name of the first permission line in `bytes` starts, or nil when there is none.
  package static func start(in bytes: [UInt8]) -> Int? {
    locateGranted(in: bytes)?.0
  }

  /// Finds the first `<name>: granted=` or `<name>, granted=` whose name has a dot (every Android
  /// permission name does; log words like `check: granted=` do not) and returns the name's bounds
  /// and where the value starts. Each byte is looked at a bounded number of times: names end at
  /// the `=` of an earlier marker, so the backward scans never overlap.
  private static func locateGranted(in bytes: [UInt8]) -> (Int, Int, Int)? {
    let marker = Array("granted=".utf8)
    var index = 0
    while index + marker.count <= bytes.count {
      guard bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker)
      else {
        index += 1
        continue
      }
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

  private static func matches(_ literal: StaticString, in bytes: [UInt8], at index: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { bytes[index..<(index + count)].elementsEqual($0) }
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

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }
}
