import Foundation
import StateProofModel
import Testing

/// Times as evidence writes them: read exactly (the calendar by hand, no zone database), a
/// missing zone never guessed into one instant, nonsense refused; windows as configured.
@Suite struct EvidenceTimeTests {
  @Test(
    arguments: [
      ("2026-06-20T16:49:12", "2026-06-20T16:49:12Z", EvidenceTime.Zone.unknown),
      ("2020-10-12T18:46:11.226119", "2020-10-12T18:46:11Z", .unknown),
      ("2025-11-15T11:51:49.548396-05:00", "2025-11-15T16:51:49Z", .stated),
      ("2025-02-18T16:45:47.900+00:00", "2025-02-18T16:45:47Z", .stated),
      ("2021-03-07T10:36:56 UTC", "2021-03-07T10:36:56Z", .stated),
      ("2026-11-02T10:00:01.1234567Z", "2026-11-02T10:00:01Z", .stated),
      ("2015-07-08 01:40:47", "2015-07-08T01:40:47Z", .unknown),
      ("2025-11-24T18:00+0100", "2025-11-24T17:00:00Z", .stated),
      ("2024-02-29T23:59:59+14:00", "2024-02-29T09:59:59Z", .stated),
      ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z", .stated),
      ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z", .stated),
    ] as [(String, String, EvidenceTime.Zone)])
  func readsEveryShapeProducersWrite(text: String, utc: String, zone: EvidenceTime.Zone) throws {
    let time = try #require(EvidenceTime(iso8601: text, source: "test"))
    #expect(EvidenceTime.iso(time.seconds) == utc)
    #expect(time.zone == zone)
    #expect(time.written == text)
  }

  @Test(arguments: [
    "", "2025-11-24", "2025-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2025-11-24T24:00:00Z", "2025-11-24T10:60:00Z",
    "2025-11-24T10:00:00+15:00", "2025-11-24T10:00:00 CET", "25-11-24T10:00:00Z", "2025-11-24T10:00:00Z trailing",
    "2025-11-24T10:00:00.Z", "２０２５-11-24T10:00:00Z",
    // Years no evidence was written in, whose bounds could not be written back with four digits.
    "0000-01-01T05:00:00", "0999-12-31T23:59:59Z", "9999-12-31T23:59:59Z", "9998-12-31T13:00:00",
  ])
  func refusesWhatIsNoTime(text: String) {
    #expect(EvidenceTime(iso8601: text, source: "test") == nil)
  }

  /// The calendar agrees with Foundation's over four centuries, leap days included.
  @Test func theCalendarAgreesWithFoundation() {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    for seconds in stride(from: -2_208_988_800, to: 7_258_118_400, by: 7_919_999) {
      #expect(EvidenceTime.iso(seconds) == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
      #expect(EvidenceTime(iso8601: EvidenceTime.iso(seconds), source: "")?.seconds == seconds)
    }
  }

  /// A time without a zone is some clock between UTC−12 and UTC+14: both ends are kept, and
  /// written back as they were read.
  @Test func aTimeWithoutZoneKeepsBothEnds() throws {
    let time = try #require(EvidenceTime(iso8601: "2025-11-24T12:00:00", source: "testsuite timestamp"))
    #expect(EvidenceTime.iso(time.earliest) == "2025-11-23T22:00:00Z")
    #expect(EvidenceTime.iso(time.latest) == "2025-11-25T00:00:00Z")
    #expect(time.description == "2025-11-24T12:00:00 (no zone written: UTC−12 to UTC+14)")
    let utc = time.readingNoZoneAsUTC()
    #expect(utc.earliest == utc.latest && utc.zone == .utcByProducer)
    let data = try JSONEncoder().encode(time)
    #expect(try JSONDecoder().decode(EvidenceTime.self, from: data) == time)
    let unix = try #require(
      EvidenceTime(unixSeconds: 1_764_000_071.204, written: "1764000071.204", source: "summary startTime"))
    #expect(unix.instant == "2025-11-24T16:01:11Z" && unix.zone == .stated)
    #expect(EvidenceTime(unixSeconds: .nan, written: "NaN", source: "") == nil)
    #expect(EvidenceTime(unixSeconds: 1e300, written: "1e300", source: "") == nil)
    #expect(EvidenceTime(unixSeconds: -5e10, written: "-5e10", source: "") == nil)
    #expect(EvidenceTime(unixSeconds: 0, written: "0", source: "")?.instant == "1970-01-01T00:00:00Z")
  }

  @Test(arguments: [("90m", 5400), ("48h", 172_800), ("7d", 604_800), ("366d", 31_622_400)])
  func windowsAreAWholeNumberAndAUnit(text: String, seconds: Int) {
    #expect(EvidenceWindow(text)?.seconds == seconds)
  }

  @Test(arguments: ["", "48", "h", "0h", "-1h", "+48h", "1.5h", "48 h", "2w", "367d", "48H", "٤٨h"])
  func refusesOtherWindows(text: String) {
    #expect(EvidenceWindow(text) == nil)
  }

  @Test func buildsCompareOnlyWhatBothName() {
    let expected = BuildIdentity(versionName: "4.2.0", versionCode: "420", variant: "release")
    #expect(BuildIdentity(versionName: "4.2.0", source: "dumpsys package").differences(from: expected).isEmpty)
    #expect(BuildIdentity(variant: "Release").differences(from: expected).isEmpty)
    #expect(BuildIdentity(versionCode: "419").differences(from: expected) == ["versionCode 419, not 420"])
    #expect(BuildIdentity(versionName: " ", versionCode: "\n").isEmpty)
    #expect(BuildIdentity(versionName: String(repeating: "9", count: 5_000)).versionName?.count == 201)
    #expect(expected.description == "4.2.0 (420) release")
    #expect(BuildIdentity(variant: "debug").description == "variant debug")
  }
}
