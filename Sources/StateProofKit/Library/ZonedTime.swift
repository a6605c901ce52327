import Foundation
import StateProofModel

/// A time given on the command line or in ``ReportOptions`` (`--generated-at`, `--built-at`,
/// `seed-check --time`): an ISO 8601 date-time that states its zone, in the one form RFC 3339
/// writes, `2025-11-24T16:00:00Z` or `2025-11-24T17:00:00+01:00` (a fraction of a second allowed).
/// One grammar for every such time, so what one option accepts another does too. Public because
/// a library caller filling ``ReportOptions/generatedAt`` checks its text the same way.
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
    var cursor = 0
    func digits(_ count: Int) -> Int? {
      guard cursor + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[cursor..<(cursor + count)] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      cursor += count
      return value
    }
    func skip(_ character: Character) -> Bool {
      guard cursor < bytes.count, bytes[cursor] == character.asciiValue else { return false }
      cursor += 1
      return true
    }
    guard digits(4) != nil, skip("-"), let month = digits(2), skip("-"), let day = digits(2), skip("T"),
      let hour = digits(2), skip(":"), let minute = digits(2), skip(":"), let second = digits(2)
    else { throw .notADateTime }
    if skip(".") {
      let start = cursor
      while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) { cursor += 1 }
      guard cursor > start else { throw .notADateTime }
    }
    guard cursor < bytes.count else { throw .noZone }
    if skip("+") || skip("-") {
      guard let hours = digits(2), skip(":"), let minutes = digits(2) else { throw .notADateTime }
      guard hours <= 14, minutes < 60 else { throw .outOfRange }
    } else if !skip("Z") {
      throw .notADateTime
    }
    guard cursor == bytes.count else { throw .notADateTime }
    // The shape is checked above; the calendar (month lengths, leap years, the years a report
    // can show) is EvidenceTime's, the one place dates become instants.
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60,
      let time = EvidenceTime(iso8601: text, source: "")
    else { throw .outOfRange }
    self.text = text
    seconds = time.seconds
  }

  /// The instant as a `Date`.
  public var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

  /// The day (`YYYY-MM-DD`, UTC) the instant falls on.
  public var day: String { String(EvidenceTime.iso(seconds).prefix(10)) }
}
