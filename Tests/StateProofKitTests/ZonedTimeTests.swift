import Foundation
import Testing

@testable import StateProofKit

/// The one grammar of command-line times (`--generated-at`, `--built-at`, `seed-check --time`):
/// RFC 3339's date-time with its zone, checked field by field.
@Suite struct ZonedTimeTests {
  @Test(arguments: [
    ("2025-11-24T16:00:00Z", 1_764_000_000),
    ("2025-11-24T17:00:00+01:00", 1_764_000_000),
    ("2025-11-24T06:00:00-10:00", 1_764_000_000),
    ("2025-11-24T16:00:00.750Z", 1_764_000_000),
    ("2024-02-29T00:00:00Z", 1_709_164_800),
    ("2025-11-24T23:30:00-14:00", 1_764_077_400),
  ])
  func acceptedFormsNameTheirInstant(text: String, seconds: Int) throws {
    let time = try ZonedTime(text)
    #expect(time.seconds == seconds)
    #expect(time.text == text)
    #expect(time.date == Date(timeIntervalSince1970: TimeInterval(seconds)))
  }

  @Test(arguments: [
    ("yesterday", ZonedTime.Problem.notADateTime),
    ("2025-11-24", .notADateTime),
    ("2025-11-24 16:00:00Z", .notADateTime),
    ("2025-11-24T16:00Z", .notADateTime),
    ("2025-11-24T16:00:00.Z", .notADateTime),
    ("2025-11-24T16:00:00+0100", .notADateTime),
    ("2025-11-24T16:00:00 UTC", .notADateTime),
    ("2025-11-24T16:00:00Zjunk", .notADateTime),
    ("", .notADateTime),
    ("2025-11-24T16:00:00", .noZone),
    ("2025-11-24T16:00:00.5", .noZone),
    ("2025-13-01T00:00:00Z", .outOfRange),
    ("2025-02-29T00:00:00Z", .outOfRange),
    ("2025-11-31T00:00:00Z", .outOfRange),
    ("2025-11-24T24:00:00Z", .outOfRange),
    ("2025-11-24T16:60:00Z", .outOfRange),
    ("2025-11-24T16:00:60Z", .outOfRange),
    ("2025-11-24T16:00:00+15:00", .outOfRange),
  ])
  func otherTextIsRefusedWithWhy(text: String, problem: ZonedTime.Problem) {
    #expect(throws: problem) { try ZonedTime(text) }
  }

  @Test func theDayIsUTCs() throws {
    #expect(try ZonedTime("2025-11-24T23:30:00-02:00").day == "2025-11-25")
    #expect(try ZonedTime("2025-11-25T00:30:00+01:00").day == "2025-11-24")
    #expect(try ZonedTime("2025-11-24T16:00:00Z").date == Date(timeIntervalSince1970: 1_764_000_000))
  }

  /// One value from the command line on: the text stays as given (the report prints it), the
  /// build time is recorded in UTC, and the matcher measures from the same instant.
  @Test func theTextIsKeptAndTheInstantIsUTCs() throws {
    let time = try ZonedTime("2025-11-24T17:00:00.750+01:00")
    #expect(time.text == "2025-11-24T17:00:00.750+01:00")
    #expect(time.utc == "2025-11-24T16:00:00Z")
    #expect(time.evidenceTime(source: "--built-at")?.seconds == 1_764_000_000)
    #expect(time.evidenceTime(source: "--built-at")?.written == "2025-11-24T16:00:00Z")
    let now = ZonedTime.now()
    #expect(try ZonedTime(now.text) == now)
  }
}
