/// A name in a tag: `.` (the current item) or dot-separated keys such as `row.status`.
struct VariableName: Sendable, Hashable, CustomStringConvertible {
  /// The keys to follow; empty for the implicit iterator `.`.
  let keys: [String]

  /// Parses a tag's trimmed content, or returns nil when it is not a valid name.
  init?(_ text: String) {
    if text == "." {
      keys = []
      return
    }
    let keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard keys.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else { return nil }
    self.keys = keys
  }

  var description: String { keys.isEmpty ? "." : keys.joined(separator: ".") }
}
