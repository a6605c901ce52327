import Foundation
import StateProofModel

/// A time given on the command line or in ``ReportOptions`` (`--generated-at`, `--built-at`,
/// `seed-check --time`): an ISO 8601 date-time that states its zone, in the one form RFC 3339
/// writes, `2025-11-24T16:00:00Z` or `2025-11-24T17:00:00+01:00` (a fraction of a second allowed).
/// One grammar for every such time, so what one option accepts another does too, and one typed
/// value from the command line to the report: parsed once, its text kept as given (the report
/// prints it), its instant for the window and the day acceptances are checked against.
public struct ZonedTime: Sendable, Hashable {
  /// The time as given.
  public let text: String
  /// The instant it names, in whole seconds since 1970 (a fraction is dropped).
  public let seconds: Int

  /// What a time must look like, as errors say it.
  public static let expected =
    "an ISO 8601 date-time with its zone, such as 2025-11-24T16:00:00Z or 2025-11-24T17:00:00+01:00"

  /// Why a text is not a ``ZonedTime``.
  public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not `YYYY-MM-DDTHH:MM:SS` (a date alone, a word, another layout).
    case notADateTime
    /// A date-time without `Z` or an offset: which instant it names depends on the machine.
    case noZone
    /// The shape is right but a field is out of range (month 13, 25 o'clock, offset over 14 h).
    case outOfRange

    public var description: String {
      switch self {
      case .notADateTime: "not a date-time"
      case .noZone: "no zone: add Z or an offset such as +01:00"
      case .outOfRange: "a field is out of range"
      }
    }
  }

  /// Parses `text`: `YYYY-MM-DDTHH:MM:SS`, optionally `.` and digits, then `Z` or `±HH:MM`.
  public init(_ text: String) throws(Problem) {
    let bytes = Array(text.utf8)
    // `0` stands for any digit in these shapes; every other byte must be itself.
    func matches(_ shape: String, at start: Int) -> Bool {
      let shape = Array(shape.utf8)
      guard start + shape.count <= bytes.count else { return false }
      return zip(shape, bytes[start...]).allSatisfy { expected, byte in
        expected == UInt8(ascii: "0") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : expected == byte
      }
    }
    guard matches("0000-00-00T00:00:00", at: 0) else { throw .notADateTime }
    var cursor = 19
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
      cursor += 1
      guard matches("0", at: cursor) else { throw .notADateTime }
      while matches("0", at: cursor) { cursor += 1 }
    }
    guard cursor < bytes.count else { throw .noZone }
    let zoneLength =
      matches("+00:00", at: cursor) || matches("-00:00", at: cursor) ? 6 : matches("Z", at: cursor) ? 1 : 0
    guard zoneLength > 0, cursor + zoneLength == bytes.count else { throw .notADateTime }
    // The shape is right; the calendar (month lengths, leap years, hours, an offset of at most
    // 14 h, the years a report can show) is EvidenceTime's, the one place dates become instants.
    // It allows a leap second; a command-line time does not.
    guard bytes[17] < UInt8(ascii: "6"), let time = EvidenceTime(iso8601: text, source: "") else { throw .outOfRange }
    self.text = text
    seconds = time.seconds
  }

  /// The current instant, to the second, written in UTC.
  package static func now() -> ZonedTime {
    let seconds = Int(Date().timeIntervalSince1970.rounded(.down))
    return ZonedTime(text: EvidenceTime.iso(seconds), seconds: seconds)
  }

  private init(text: String, seconds: Int) {
    self.text = text
    self.seconds = seconds
  }

  /// The instant as a `Date`.
  public var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

  /// The day (`YYYY-MM-DD`, UTC) the instant falls on.
  public var day: String { String(EvidenceTime.iso(seconds).prefix(10)) }

  /// The instant as `report.json` records a build time: UTC, whole seconds
  /// (`2025-11-24T16:00:00Z`).
  public var utc: String { EvidenceTime.iso(seconds) }

  /// The instant as the matcher measures evidence against it; `source` names where it was given.
  package func evidenceTime(source: String) -> EvidenceTime? {
    EvidenceTime(unixSeconds: Double(seconds), written: utc, source: source)
  }
}
