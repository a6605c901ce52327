import Foundation
import StateProofKit

/// The time a command prints or records: only when asked (`--generated-at`, `seed-check --time`)
/// or when the build says (`SOURCE_DATE_EPOCH`), so that the same inputs give the same bytes.
/// The library never reads the environment for it: this is the command line's choice.
enum SourceDateEpoch {
  /// The time: `option` as given, else `SOURCE_DATE_EPOCH` (whole seconds) as an ISO 8601 UTC
  /// date-time, else none; and whether it came from the environment.
  static func time(option: ZonedTime?, environment: [String: String]) throws(StateProofError)
    -> (time: ZonedTime, fromEnvironment: Bool)?
  {
    if let option { return (option, false) }
    guard let epoch = environment["SOURCE_DATE_EPOCH"] else { return nil }
    guard let seconds = Int(epoch) else {
      throw .option(.sourceDateEpoch(epoch))
    }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    let text = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    do throws(ZonedTime.Problem) {
      return (try ZonedTime(text), true)
    } catch {
      throw .option(.reportTime(text))
    }
  }
}
