import Foundation
import StateProofModel

/// The time a report may print (``ReportOptions/generatedAt``), read with the one grammar of
/// command-line times (``ZonedTime``). It is also the day accepted gaps are checked against;
/// without it, that is today.
package enum GeneratedAt {
  /// The instant an ISO 8601 date-time with its zone names; nil for anything else, a date alone
  /// included.
  package static func date(_ text: String) -> Date? {
    (try? ZonedTime(text))?.date
  }

  /// The day (`YYYY-MM-DD`, UTC) `date` falls on.
  package static func day(of date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: date)
  }
}
