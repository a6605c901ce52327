import StateProofModel

/// A glob over `classname#name` that matches the same test however a producer spells it: with
/// or without a trailing `()`, with or without a module prefix, with `/` or `.` separators.
package struct TestSelector: Sendable, Hashable {
  package let text: String
  /// Text that the classname or the name of every test this selector matches contains; nil
  /// when the selector is all wildcards. A byte search for it rules most tests out cheaply.
  package let requiredText: String?
  private let glob: Glob

  package init(_ text: String) {
    self.text = text
    glob = Glob(Self.normalise(text))
    // A literal run without `.` or `#` lies inside the classname (whose `/` become `.` before
    // matching) or inside the name (whose `()` is dropped), so it is in one of them as written.
    requiredText = glob.literalRuns
      .flatMap { $0.split(whereSeparator: { $0 == "." || $0 == "#" }) }
      .max { $0.utf8.count < $1.utf8.count }
      .map(String.init)
  }

  package func matches(_ execution: TestExecution) -> Bool {
    matches(classname: execution.classname, name: execution.name)
  }

  package func matches(classname: String, name: String) -> Bool {
    let classname = classname.replacingOccurrences(of: "/", with: ".")
    let name = Self.strippingParentheses(name)
    if glob.matches("\(classname)#\(name)") { return true }
    // Without the module (or package) prefix: `ScannerUITests.CameraTests` → `CameraTests`.
    guard let dot = classname.lastIndex(of: ".") else { return false }
    return glob.matches("\(classname[classname.index(after: dot)...])#\(name)")
  }

  /// A test's identity across producers: the class without its module prefix, `#`, and the name
  /// without a trailing `()`.
  package static func identity(of test: TestExecution) -> String {
    let classname = test.classname.replacingOccurrences(of: "/", with: ".")
    let shortClass = classname.split(separator: ".").last.map(String.init) ?? classname
    return shortClass + "#" + strippingParentheses(test.name)
  }

  private static func normalise(_ selector: String) -> String {
    guard let hash = selector.lastIndex(of: "#") else {
      return "*#" + strippingParentheses(selector)
    }
    let classPart = selector[..<hash].replacingOccurrences(of: "/", with: ".")
    return classPart + "#" + strippingParentheses(String(selector[selector.index(after: hash)...]))
  }

  private static func strippingParentheses(_ name: String) -> String {
    name.hasSuffix("()") ? String(name.dropLast(2)) : name
  }
}
