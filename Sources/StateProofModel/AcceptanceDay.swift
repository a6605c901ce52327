/// The day (UTC) every acceptance's `until` was checked against, and where it came from.
public struct AcceptanceDay: Codable, Sendable, Hashable {
  /// `YYYY-MM-DD`; nil when it was `today` and no acceptance has an `until`, so the day decided
  /// nothing (and the report stays the same whatever day it is made).
  public var day: String?
  public var source: AcceptanceDaySource

  public init(day: String?, source: AcceptanceDaySource) {
    self.day = day
    self.source = source
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(day, forKey: .day)
    try container.encode(source, forKey: .source)
  }
}
