import Foundation
import StateProofModel

/// The release candidate's build time (`--built-at`, ``ReportOptions/builtAt``): the instant the
/// evidence window is measured back from, not a guess.
package enum BuiltAt {
  /// The time the matcher measures the window from.
  static func time(of date: Date) -> EvidenceTime? {
    let seconds = date.timeIntervalSince1970
    return EvidenceTime(unixSeconds: seconds, written: EvidenceTime.iso(Int(seconds.rounded(.down))), source: "--built-at")
  }
}
