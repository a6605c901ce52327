import Foundation
import StateProofModel

/// The time a report may print: only when asked (`--generated-at`) or when the build says
/// (`SOURCE_DATE_EPOCH`), so that the same inputs give the same bytes. It is also the day
/// accepted gaps are checked against; without it, that is today.
package enum GeneratedAt {
  /// What `--generated-at` takes, as its errors say it.
  static let expected = "an ISO 8601 date-time such as 2025-11-24T16:00:00Z or 2025-11-24T17:00:00+01:00"

  /// The time to print: `option` as given, else `SOURCE_DATE_EPOCH` (whole seconds) as an
  /// ISO 8601 date-time, else none.
  package static func resolve(option: String?, environment: [String: String]) throws(StateProofError) -> String? {
    if let option { return option }
    return try epoch(environment)
  }

  /// The report's time and where it came from: `--generated-at`, which must be an ISO 8601
  /// date-time, else `SOURCE_DATE_EPOCH`, else none.
  package static func resolveChecked(option: String?, environment: [String: String])
    throws(StateProofError) -> (time: String, source: AcceptanceDaySource)?
  {
    if let option {
      guard date(option) != nil else { throw .option(.generatedAt(option)) }
      return (option, .generatedAt)
    }
    return try epoch(environment).map { ($0, .sourceDateEpoch) }
  }

  private static func epoch(_ environment: [String: String]) throws(StateProofError) -> String? {
    guard let epoch = environment["SOURCE_DATE_EPOCH"] else { return nil }
    guard let seconds = Int(epoch) else {
      throw .option(.sourceDateEpoch(epoch))
    }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
  }

  /// The instant an ISO 8601 date-time names (with its offset or `Z`, seconds, and optionally a
  /// fraction of them); nil for anything else, a date alone included.
  package static func date(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
  }

  /// The day (`YYYY-MM-DD`, UTC) `date` falls on.
  package static func day(of date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: date)
  }
}
