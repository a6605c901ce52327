/// One sign-off as a trend draws it: which one, its verdict and its rows counted by standing.
public struct TrendPoint: Codable, Sendable, Hashable {
  /// Its number in the history (its line); for the report that draws the trend, the number its
  /// line was going to have when the report was made.
  public var signOff: Int
  public var release: String?
  public var generatedAt: String?
  public var verdict: Verdict
  public var counts: SignOffCounts

  public init(signOff: Int, release: String?, generatedAt: String?, verdict: Verdict, counts: SignOffCounts) {
    self.signOff = signOff
    self.release = release
    self.generatedAt = generatedAt
    self.verdict = verdict
    self.counts = counts
  }

  /// The point of a history line.
  public init(_ record: SignOffRecord) {
    self.init(
      signOff: record.signOff, release: record.release, generatedAt: record.generatedAt, verdict: record.verdict,
      counts: record.counts)
  }

  private enum CodingKeys: String, CodingKey {
    case signOff, release, generatedAt, verdict, counts
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(signOff, forKey: .signOff)
    try container.encode(release, forKey: .release)
    try container.encode(generatedAt, forKey: .generatedAt)
    try container.encode(verdict, forKey: .verdict)
    try container.encode(counts, forKey: .counts)
  }
}
