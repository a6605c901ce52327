/// A time a piece of evidence names (when a suite ran, a seed was read back, a screenshot was
/// attached), as written and as an instant, with how sure its zone is.
///
/// Some producers write no zone (AGP's and Gradle's JUnit `timestamp`, old pytest, dumpsys): what
/// the clock read is known, the instant only within a day. Such a time is never guessed into
/// one instant silently: its ``zone`` says how it was read, and ``earliest`` and ``latest``
/// bound it (UTC−12 to UTC+14 when nothing is known of its zone).
public struct EvidenceTime: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
  /// How the zone of a time is known.
  public enum Zone: String, Codable, Sendable, Hashable {
    /// The evidence gives it: an offset, `Z`, `UTC`, or UNIX seconds.
    case stated
    /// The evidence writes no zone, but its producer writes UTC (AGP's ddmlib
    /// `XmlTestRunListener` and Gradle's JUnit writer format in UTC without saying so).
    case utcByProducer = "utc-by-producer"
    /// Nothing says: the clock reading of some zone between UTC−12 and UTC+14.
    case unknown
  }

  /// The time exactly as the evidence wrote it.
  public var written: String
  /// What in the evidence gave it, for people: `testsuite timestamp`, `summary startTime`.
  public var source: String
  public var zone: Zone
  /// Seconds since 1970-01-01T00:00:00Z; for a time of unknown zone, its clock reading taken as UTC.
  public var seconds: Int

  /// The most a zone's offset can be behind UTC (UTC−12) and ahead of it (UTC+14).
  static let westmost = 12 * 3600
  static let eastmost = 14 * 3600
  /// The instants a time may be (years 1000 to 9998): each is written with a four-digit year and
  /// read back, and so is a window's cutoff up to a year before. Evidence naming a time outside
  /// names no time.
  static let representable =
    daysSinceEpoch(year: 1000, month: 1, day: 1) * 86_400..<daysSinceEpoch(year: 9999, month: 1, day: 1) * 86_400

  public init(written: String, source: String, zone: Zone, seconds: Int) {
    self.written = written
    self.source = source
    self.zone = zone
    self.seconds = seconds
  }

  /// A time of UNIX seconds (xcresulttool's `startTime`, an attachment's `timestamp`), as
  /// written: its fraction is dropped.
  public init?(unixSeconds: Double, written: String, source: String) {
    guard unixSeconds.isFinite, Double(Self.representable.lowerBound) <= unixSeconds,
      unixSeconds < Double(Self.representable.upperBound)
    else { return nil }
    self.init(written: written, source: source, zone: .stated, seconds: Int(unixSeconds.rounded(.down)))
  }

  /// Reads an ISO 8601 date and time as producers write it: `2026-06-20T16:49:12`,
  /// `2020-10-12T18:46:11.226119`, `2025-11-15T11:51:49.548396-05:00`, `…+00:00`, `…Z`,
  /// `2021-03-07T10:36:56 UTC` (TestNG), or with a space for the `T` (`2015-07-08 01:40:47`,
  /// dumpsys). Seconds and fraction may be left out. Nil for anything else, and for a time that
  /// can lie outside ``representable``; a time without a zone has the zone `unknown`.
  public init?(iso8601 text: String, source: String) {
    let bytes = Array(text.utf8)
    var cursor = 0
    func number(_ digits: Int) -> Int? {
      guard cursor + digits <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[cursor..<(cursor + digits)] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      cursor += digits
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard cursor < bytes.count, bytes[cursor] == character.asciiValue else { return false }
      cursor += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
      expect("T") || expect(" "), let hour = number(2), expect(":"), let minute = number(2)
    else { return nil }
    var second = 0
    if expect(":") {
      guard let value = number(2) else { return nil }
      second = value
      if expect(".") || expect(",") {
        let start = cursor
        while cursor < bytes.count, (48...57).contains(bytes[cursor]) { cursor += 1 }
        guard cursor > start else { return nil }
      }
    }
    guard (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 61
    else { return nil }
    var zone = Zone.unknown
    var offset = 0
    let rest = String(decoding: bytes[cursor...], as: UTF8.self)
    switch rest {
    case "": break
    case "Z", " UTC", " GMT", "UTC", "GMT", " Z":
      zone = .stated
    default:
      guard expect("+") || expect("-") else { return nil }
      let sign = bytes[cursor - 1] == UInt8(ascii: "-") ? -1 : 1
      guard let hours = number(2) else { return nil }
      _ = expect(":")
      let minutes = cursor == bytes.count ? 0 : number(2)
      guard let minutes, cursor == bytes.count, hours <= 14, minutes < 60 else { return nil }
      zone = .stated
      offset = sign * (hours * 3600 + minutes * 60)
    }
    let clock = Self.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    self.init(written: text, source: source, zone: zone, seconds: clock - offset)
    guard Self.representable.contains(earliest), Self.representable.contains(latest) else { return nil }
  }

  /// The earliest instant the time can be: itself, or for an unknown zone its reading at UTC+14.
  public var earliest: Int { zone == .unknown ? seconds - Self.eastmost : seconds }
  /// The latest instant it can be: itself, or for an unknown zone its reading at UTC−12.
  public var latest: Int { zone == .unknown ? seconds + Self.westmost : seconds }

  /// `2025-11-24T16:01:11Z`, or for a time of unknown zone its clock reading without a zone.
  public var instant: String {
    let text = Self.iso(seconds)
    return zone == .unknown ? String(text.dropLast()) : text
  }

  /// "2025-11-24T16:01:11Z", "2026-06-20T16:49:12 (no zone written; AGP writes UTC)".
  public var description: String {
    switch zone {
    case .stated: Self.iso(seconds)
    case .utcByProducer: "\(Self.iso(seconds)) (no zone written; its producer writes UTC)"
    case .unknown: "\(instant) (no zone written: UTC−12 to UTC+14)"
    }
  }

  /// The same time, read as UTC because its producer is known to write UTC (when no zone was
  /// written).
  public func readingNoZoneAsUTC() -> EvidenceTime {
    var time = self
    if time.zone == .unknown { time.zone = .utcByProducer }
    return time
  }

  public static func < (lhs: EvidenceTime, rhs: EvidenceTime) -> Bool {
    (lhs.seconds, lhs.written, lhs.source) < (rhs.seconds, rhs.written, rhs.source)
  }

  // MARK: Calendar

  /// `seconds` as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian, UTC).
  public static func iso(_ seconds: Int) -> String {
    let days = Int((Double(seconds) / 86_400).rounded(.down))
    let rest = seconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yearText)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
  }

  /// Days from 1970-01-01 to the given day (Howard Hinnant's `days_from_civil`).
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day `days` after 1970-01-01 (`civil_from_days`).
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  // MARK: Coding

  private enum CodingKeys: String, CodingKey {
    case written, source, zone, earliest, latest
  }

  /// Reads what ``encode(to:)`` writes: the instant from `earliest` (and the zone).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    written = try container.decode(String.self, forKey: .written)
    source = try container.decode(String.self, forKey: .source)
    zone = try container.decode(Zone.self, forKey: .zone)
    let earliest = try container.decode(String.self, forKey: .earliest)
    guard let parsed = EvidenceTime(iso8601: earliest, source: source) else {
      throw DecodingError.dataCorruptedError(
        forKey: .earliest, in: container, debugDescription: "expected a UTC time such as 2025-11-24T16:01:11Z")
    }
    seconds = parsed.seconds + (zone == .unknown ? Self.eastmost : 0)
  }

  /// Writes every key: as written, what gave it, how its zone is known, and the earliest and
  /// latest instants it can be (equal when the zone is known).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(written, forKey: .written)
    try container.encode(source, forKey: .source)
    try container.encode(zone, forKey: .zone)
    try container.encode(Self.iso(earliest), forKey: .earliest)
    try container.encode(Self.iso(latest), forKey: .latest)
  }
}
