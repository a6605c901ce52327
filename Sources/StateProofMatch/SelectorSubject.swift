/// A test's name as selectors match it, built once per test however many selectors check it:
/// `classname#name` in UTF-8 with the classname's `/` read as `.` and a trailing `()` dropped,
/// and where the class without its module prefix starts.
package struct SelectorSubject: Sendable {
  let full: [UInt8]
  /// Where the last class component starts in `full`; nil when the class has a single component.
  let shortStart: Int?

  package init(classname: String, name: String) {
    var full = classname.utf8.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: ".") : $0 }
    let dot = full.lastIndex(of: UInt8(ascii: "."))
    full.append(UInt8(ascii: "#"))
    full += TestSelector.strippingParentheses(name).utf8
    self.full = full
    shortStart = dot.map { $0 + 1 }
  }

  /// The test as ``TestSelector``'s loosest pattern sees it: `.classname.name`, ASCII capitals
  /// folded, `/` and `#` read as `.`, without an argument list. That pattern starts with `*`, so
  /// this one text stands for the name with and without its module prefix.
  static func loose(classname: String, name: String) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: ".")]
    bytes += classname.utf8
    bytes.append(UInt8(ascii: "."))
    bytes += TestSelector.strippingArguments(name).utf8
    return bytes.map { byte in
      byte == UInt8(ascii: "/") || byte == UInt8(ascii: "#") ? UInt8(ascii: ".") : foldingCase(byte)
    }
  }

  /// An ASCII capital as its lowercase letter; every other byte as it is. Case is folded the same
  /// way on both sides of a near-miss check, whatever the script.
  static func foldingCase(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }

  /// `text` with ASCII capitals folded (see ``foldingCase(_:)``).
  static func foldingCase(_ text: String) -> String {
    String(decoding: text.utf8.map(foldingCase), as: UTF8.self)
  }
}
