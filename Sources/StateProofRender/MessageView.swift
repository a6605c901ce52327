import Mustache
import StateProofModel

/// What the report templates find beside each message, besides `report.json`: a test's `message`
/// and a stopped run's `cause` may hold many lines (a failure with its stack trace, a crash with
/// its log), which tables show as their first line with the rest behind it. Presentation, so it is
/// worked out here and never part of the model.
///
/// Beside `message` (in every piece of matched evidence) and `cause` (in every platform's
/// `incompleteRuns`), the templates find `messageLines` and `causeLines`: `null` when the text is,
/// else `{first, rest, short}`: the first line, the rest (or `null`), and for Markdown the first
/// line cut to ``markdownLimit`` characters, ending in `[…]` when anything was left out.
enum MessageView {
  /// The most characters of a message's first line `report.md` shows.
  static let markdownLimit = 160

  /// `model` (the report as template data) with the lines of every message and cause beside it.
  static func adding(to model: TemplateValue) -> TemplateValue {
    guard case .object(var report) = model, case .list(let platforms) = report["platforms"] else { return model }
    report["platforms"] = .list(platforms.map(platform))
    return .object(report)
  }

  private static func platform(_ value: TemplateValue) -> TemplateValue {
    guard case .object(var platform) = value else { return value }
    if case .object(var receipt) = platform["receipt"] {
      receipt["evidence"] = each(receipt["evidence"], "message")
      platform["receipt"] = .object(receipt)
    }
    if case .list(let rows) = platform["rows"] {
      platform["rows"] = .list(
        rows.map { row in
          guard case .object(var fields) = row else { return row }
          fields["evidence"] = each(fields["evidence"], "message")
          return .object(fields)
        })
    }
    platform["incompleteRuns"] = each(platform["incompleteRuns"], "cause")
    return .object(platform)
  }

  /// Every object of `list` with `<key>Lines` beside its `key`.
  private static func each(_ list: TemplateValue?, _ key: String) -> TemplateValue? {
    guard case .list(let items) = list else { return list }
    return .list(
      items.map { item in
        guard case .object(var fields) = item else { return item }
        fields[key + "Lines"] = lines(fields[key])
        return .object(fields)
      })
  }

  private static func lines(_ text: TemplateValue?) -> TemplateValue {
    guard case .string(let text) = text else { return .null }
    let lines = MessageLines(text)
    return .object([
      "first": .string(lines.first),
      "rest": lines.rest.map(TemplateValue.string) ?? .null,
      "short": .string(lines.shortened(to: markdownLimit, markingRest: true)),
    ])
  }
}
