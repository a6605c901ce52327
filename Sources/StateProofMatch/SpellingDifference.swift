/// The ways a test's name can differ from a selector and still be the test the selector meant:
/// what a `missing-test` hint names when a test missed the selector only by spelling.
package struct SpellingDifference: OptionSet, Sendable, Hashable {
  package let rawValue: Int

  package init(rawValue: Int) { self.rawValue = rawValue }

  /// `.` where the other has `#` (or `/`) between class and name.
  package static let separators = SpellingDifference(rawValue: 1)
  /// An argument list, `(status:expected:)`, on one side only.
  package static let arguments = SpellingDifference(rawValue: 2)
  package static let letterCase = SpellingDifference(rawValue: 4)
  /// A module or package prefix on the selector's class that the test's class lacks.
  package static let modulePrefix = SpellingDifference(rawValue: 8)

  package static let each: [SpellingDifference] = [.separators, .arguments, .letterCase, .modulePrefix]
  package static let all: SpellingDifference = [.separators, .arguments, .letterCase, .modulePrefix]

  /// "case and the argument list": the differences in words, for a hint.
  package var description: String {
    let words: [(SpellingDifference, String)] = [
      (.letterCase, "case"), (.separators, "the separator (. or #)"), (.arguments, "the argument list"),
      (.modulePrefix, "the module prefix"),
    ]
    let named = words.filter { contains($0.0) }.map(\.1)
    return named.isEmpty ? "spelling" : named.joined(separator: " and ")
  }
}
