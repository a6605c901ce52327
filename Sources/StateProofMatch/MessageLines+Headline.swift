import StateProofModel

extension MessageLines {
  /// The most characters of a message's first line a one-line finding quotes.
  static let headlineLimit = 500

  /// A test's message as a one-line finding quotes it: its first line (the rest stays in the
  /// evidence), or "no message".
  static func headline(_ message: String?) -> String {
    message.map { MessageLines($0).shortened(to: headlineLimit, markingRest: false) } ?? "no message"
  }
}
