import Foundation
import StateProofKit

/// The time a command prints or records: only when asked (`--generated-at`, `seed-check --time`)
/// or when the build says (`SOURCE_DATE_EPOCH`), so that the same inputs give the same bytes.
/// The library never reads the environment for it: this is the command line's choice.
enum SourceDateEpoch {
  /// The time: `option` as given, else `SOURCE_DATE_EPOCH` (whole seconds) as an ISO 8601 UTC
  /// date-time, else none. It is printed and recorded, never a day anything is judged on.
  static func time(option: ZonedTime?, environment: [String: String]) throws(StateProofError) -> ZonedTime? {
    if let option { return option }
    guard let epoch = environment["SOURCE_DATE_EPOCH"] else { return nil }
    guard let seconds = Int(epoch) else {
      throw .option(.sourceDateEpoch(epoch))
    }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    let text = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    do throws(ZonedTime.Problem) {
      return try ZonedTime(text)
    } catch {
      throw .option(.reportTime(text))
    }
  }
}
