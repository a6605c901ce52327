import StateProofModel

/// What the report templates find beside each message, besides `report.json`: a test's `message`
/// and a stopped run's `cause` may hold many lines (a failure with its stack trace, a crash with
/// its log), which tables show as their first line with the rest behind it. Presentation, so it is
/// worked out here and never part of the model.
///
/// Beside `message` (in every piece of matched evidence) and `cause` (in every platform's
/// `incompleteRuns`), ``ReportView`` puts `messageLines` and `causeLines`: `null` when the text is,
/// else `{first, rest, short}`: the first line, the rest (or `null`), and for Markdown the first
/// line cut to ``markdownLimit`` characters, ending in `[…]` when anything was left out.
enum MessageView {
  /// The most characters of a message's first line `report.md` shows.
  static let markdownLimit = 160

  /// What the templates find beside a `message` or `cause`: nil (null) for no text.
  static func lines(_ text: String?) -> MessageLinesView? {
    guard let text else { return nil }
    let lines = MessageLines(text)
    return MessageLinesView(
      first: lines.first, rest: lines.rest, short: lines.shortened(to: markdownLimit, markingRest: true))
  }
}
