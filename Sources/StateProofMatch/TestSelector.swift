import StateProofModel
import StateProofEvidence

/// A glob over `classname#name` that matches the same test however a producer spells it: with
/// or without a trailing `()`, with or without a module prefix, with `/` or `.` separators.
package struct TestSelector: Sendable, Hashable {
  package let text: String
  /// Literal texts one of which every test this selector matches contains, in its classname or
  /// its name, case aside: the pieces of the last class component and of the name (a module
  /// prefix the selector has may be missing from a near miss); all pieces when those have none;
  /// empty when the selector is all wildcards. ``SelectorIndex`` keys the selector by one of them.
  package let keyPieces: [String]
  private let glob: Glob
  /// The glob with every ``SpellingDifference`` allowed, for the cheap near-miss check.
  private let looseGlob: Glob

  package init(_ text: String) {
    self.text = text
    glob = Glob(Self.pattern(text, allowing: []))
    looseGlob = Glob(Self.pattern(text, allowing: .all))
    // A literal run without `.` or `#` lies inside the classname (whose `/` become `.` before
    // matching) or inside the name (whose `()` is dropped), so it is in one of them as written.
    func pieces(_ pattern: Substring) -> [String] {
      Glob(String(pattern)).literalRuns
        .flatMap { $0.split(whereSeparator: { $0 == "." || $0 == "#" || $0 == "/" }) }.map(String.init)
    }
    let normalised = Self.pattern(text, allowing: [])
    let hash = normalised.lastIndex(of: "#")!
    let classPart = normalised[..<hash]
    let lastClass = classPart.lastIndex(of: ".").map { classPart[classPart.index(after: $0)...] } ?? classPart
    let keys = pieces(lastClass) + pieces(normalised[normalised.index(after: hash)...])
    keyPieces = keys.isEmpty ? pieces(classPart) : keys
  }

  package func matches(_ execution: TestExecution) -> Bool {
    matches(classname: execution.classname, name: execution.name)
  }

  package func matches(classname: String, name: String) -> Bool {
    matches(SelectorSubject(classname: classname, name: name))
  }

  /// Whether the selector matches a test, given as its ``SelectorSubject`` (built once per test
  /// for every selector it is checked against).
  package func matches(_ subject: SelectorSubject) -> Bool {
    subject.full.withUnsafeBufferPointer { full in
      // Also without the module (or package) prefix: `ScannerUITests.CameraTests` → `CameraTests`.
      glob.matches(bytes: full)
        || subject.shortStart.map { glob.matches(bytes: UnsafeBufferPointer(rebasing: full[$0...])) } == true
    }
  }

  /// Whether the test misses this selector only by spelling: true also for a test it matches.
  package func nearlyMatches(classname: String, name: String) -> Bool {
    SelectorSubject.loose(classname: classname, name: name).withUnsafeBufferPointer(looseGlob.matches(bytes:))
  }

  /// The spelling differences that keep a near miss from matching: each one without which the
  /// test would still miss the selector (empty when no single one does). Nil when the test
  /// matches, or misses by more than spelling.
  package func differences(classname: String, name: String) -> SpellingDifference? {
    guard !matches(classname: classname, name: name), nearlyMatches(classname: classname, name: name)
    else { return nil }
    let needed = SpellingDifference.each.filter { difference in
      let rest = SpellingDifference.all.subtracting(difference)
      let glob = Glob(Self.pattern(text, allowing: rest))
      return !Self.texts(classname: classname, name: name, allowing: rest).contains(where: glob.matches)
    }
    return needed.reduce(into: []) { $0.formUnion($1) }
  }

  /// A test's identity across producers: the class without its module prefix, `#`, and the name
  /// without a trailing `()`.
  package static func identity(of test: TestExecution) -> String {
    let classname = test.classname.replacingOccurrences(of: "/", with: ".")
    let shortClass = classname.split(separator: ".").last.map(String.init) ?? classname
    return shortClass + "#" + strippingParentheses(test.name)
  }

  /// The glob pattern for `selector`: `Class#name` with `/` read as `.` and a trailing `()`
  /// dropped (a selector without `#` names the test's name alone); looser as `allowing` says.
  private static func pattern(_ selector: String, allowing: SpellingDifference) -> String {
    var classPart: String?
    var namePart = selector
    if let hash = selector.lastIndex(of: "#") {
      classPart = selector[..<hash].replacingOccurrences(of: "/", with: ".")
      namePart = String(selector[selector.index(after: hash)...])
    }
    namePart = allowing.contains(.arguments) ? strippingArguments(namePart) : strippingParentheses(namePart)
    var pattern: String
    if allowing.contains(.separators) {
      namePart = namePart.replacingOccurrences(of: "#", with: ".").replacingOccurrences(of: "/", with: ".")
      // Without `#` the selector may name the class too (`com.example.Test.method`).
      pattern = classPart.map { ($0.isEmpty ? "*" : $0) + "." + namePart } ?? namePart
    } else {
      pattern = (classPart ?? "*") + "#" + namePart
    }
    if allowing.contains(.modulePrefix) {
      // Whatever the selector puts before the last class component, as a whole component.
      let head = classPart ?? ""
      if let dot = head.lastIndex(of: ".") {
        pattern = "*" + pattern.dropFirst(head.distance(from: head.startIndex, to: dot))
      } else if !pattern.hasPrefix("*") {
        pattern = "*." + pattern
      }
    }
    return allowing.contains(.letterCase) ? SelectorSubject.foldingCase(pattern) : pattern
  }

  /// The spellings of a test to match a pattern from ``pattern(_:allowing:)`` against.
  private static func texts(classname: String, name: String, allowing: SpellingDifference) -> [String] {
    let classname = classname.replacingOccurrences(of: "/", with: ".")
    var name = allowing.contains(.arguments) ? strippingArguments(name) : strippingParentheses(name)
    var separator = "#"
    if allowing.contains(.separators) {
      separator = "."
      name = name.replacingOccurrences(of: "#", with: ".").replacingOccurrences(of: "/", with: ".")
    }
    let short = classname.lastIndex(of: ".").map { String(classname[classname.index(after: $0)...]) }
    var texts = [classname + separator + name] + (short.map { [$0 + separator + name] } ?? [])
    if allowing.contains(.modulePrefix) { texts.append("." + classname + separator + name) }
    return allowing.contains(.letterCase) ? texts.map(SelectorSubject.foldingCase) : texts
  }

  static func strippingParentheses(_ name: String) -> String {
    name.hasSuffix("()") ? String(name.dropLast(2)) : name
  }

  /// `screenFollows(status:expected:)` → `screenFollows`: the argument list producers differ on.
  static func strippingArguments(_ name: String) -> String {
    guard name.hasSuffix(")"), let open = name.lastIndex(of: "(") else { return name }
    return String(name[..<open])
  }
}
