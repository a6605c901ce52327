extension String {
  /// The string without spaces, tabs and line breaks at either end.
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }

  /// Whether the string is made only of spaces and tabs, the whitespace that can indent a line.
  var isIndentation: Bool { allSatisfy { $0 == " " || $0 == "\t" } }
}
