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
}
