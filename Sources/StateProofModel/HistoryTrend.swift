/// The sign-offs before a report, as `report.json` records them when `--history` was given: the
/// trend `index.html` draws on its first screen and the link to the history page. Recorded in
/// the report (not read from the history file again) so that `verify` makes `index.html` again
/// from `report.json` alone.
public struct HistoryTrend: Codable, Sendable, Hashable {
  /// How many of the last sign-offs a report draws, itself included.
  public static let shownPoints = 12

  /// The history file, as given (`--history`).
  public var file: String
  /// Where `index.html` links to the history page (`--history-url`), relative to it.
  public var page: String
  /// The sign-offs the history held before this one (the lines it was drawn from).
  public var earlier: Int
  /// The last of them (at most ``shownPoints`` - 1), oldest first, and this report last.
  public var points: [TrendPoint]

  public init(file: String, page: String, earlier: Int, points: [TrendPoint]) {
    self.file = file
    self.page = page
    self.earlier = earlier
    self.points = points
  }

  /// The trend of a report whose sign-off is `current`, after the sign-offs in `records`.
  public init(file: String, page: String, records: ArraySlice<SignOffRecord>, current: SignOffRecord) {
    var point = TrendPoint(current)
    point.signOff = records.count + 1
    self.init(
      file: file, page: page, earlier: records.count,
      points: records.suffix(Self.shownPoints - 1).map(TrendPoint.init) + [point])
  }

  private enum CodingKeys: String, CodingKey {
    case file, page, earlier, points
  }

  /// Writes every key, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encode(page, forKey: .page)
    try container.encode(earlier, forKey: .earlier)
    try container.encode(points, forKey: .points)
  }
}
