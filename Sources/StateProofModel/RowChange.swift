/// How one row moved since the baseline report.
public struct RowChange: Codable, Sendable, Hashable {
  public enum Kind: String, Codable, Sendable {
    /// Was not covered, is now.
    case newlyCovered = "newly-covered"
    /// Was covered, is not any more.
    case regressed
    /// Another change of status, e.g. incomplete to failing.
    case changed
    /// The row is new in the matrix.
    case added
    /// The row is no longer in the matrix.
    case removed
  }

  public var id: String
  public var from: RowStatus?
  public var to: RowStatus?
  public var change: Kind

  public init(id: String, from: RowStatus?, to: RowStatus?, change: Kind) {
    self.id = id
    self.from = from
    self.to = to
    self.change = change
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(from, forKey: .from)
    try container.encode(to, forKey: .to)
    try container.encode(change, forKey: .change)
  }
}
