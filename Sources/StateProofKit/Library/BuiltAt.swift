import Foundation
import StateProofModel

/// The release candidate's build time (`--built-at`): an ISO 8601 time that names its zone, so
/// the evidence window is measured back from one instant, not a guess.
package enum BuiltAt {
  /// `--built-at`'s value as a date; a time without a zone is refused.
  package static func parse(_ text: String) throws(UsageError) -> Date {
    guard let time = EvidenceTime(iso8601: text, source: "--built-at"), time.zone == .stated else {
      throw UsageError(
        command: ReportCommand.spec.name,
        message:
          "--built-at takes an ISO 8601 time with its zone, such as 2025-11-24T17:00:00Z or 2025-11-24T18:00:00+01:00, found \"\(text)\"")
    }
    return Date(timeIntervalSince1970: TimeInterval(time.seconds))
  }

  /// The time the matcher measures the window from.
  static func time(of date: Date) -> EvidenceTime? {
    let seconds = date.timeIntervalSince1970
    return EvidenceTime(unixSeconds: seconds, written: EvidenceTime.iso(Int(seconds.rounded(.down))), source: "--built-at")
  }
}
