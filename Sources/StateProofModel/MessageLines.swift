/// A message of one line or many (a failure with its stack trace, a crash with its log) as the
/// report shows it: the first non-blank line, which tables and one-line findings show, and the
/// rest, which only the full views show.
package struct MessageLines: Sendable, Hashable {
  /// The shortened forms end in this, so a reader sees that something was left out.
  package static let marker = "[…]"

  /// The first line that holds more than blanks, trimmed.
  package var first: String
  /// Everything after that line, with its indentation kept; nil when there is nothing more.
  package var rest: String?

  package init(_ message: String) {
    var lines = message.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)[...]
    while let line = lines.first, line.allSatisfy(\.isWhitespace) { lines = lines.dropFirst() }
    first = lines.first.map { String($0.trimmingWhitespace()) } ?? ""
    let remaining = lines.dropFirst().joined(separator: "\n")
    rest = remaining.allSatisfy(\.isWhitespace) ? nil : remaining
  }

  /// The first line cut to at most `limit` characters; ends in ``marker`` when the line was cut,
  /// or, with `markingRest`, when there is more after it.
  package func shortened(to limit: Int, markingRest: Bool) -> String {
    let cut = first.count > limit
    let line = cut ? String(first.prefix(limit)).trimmingWhitespace() : first
    return cut || (markingRest && rest != nil) ? "\(line) \(Self.marker)" : line
  }
}

extension StringProtocol {
  /// The text without blanks at either end.
  func trimmingWhitespace() -> String {
    guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[start...end])
  }
}
