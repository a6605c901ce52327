/// One way a configuration departs from the built-in matrix, with the reason it gives: what the
/// report's "Configuration" section lists, so nothing that decides a row is hidden in a file.
public struct ConfigurationDeviation: Codable, Sendable, Hashable, Comparable {
  public var row: RowID
  public var kind: DeviationKind
  /// Whether it asks less of the evidence than the built-in matrix (a row left out, fewer kinds
  /// required, fewer OS versions): such a deviation needs the row's own `reason` (the
  /// permission's for a row left out).
  public var weakens: Bool
  /// What the built-in matrix has, for people ("seed, screenshot, test", "every Android
  /// version", "a test named for the state"); nil for a row it does not know.
  public var builtIn: String?
  /// What the configuration has instead ("test", "Android 13 and later", the selectors).
  public var configured: String
  /// Why, in the configuration's words: the row's `reason` (the permission's, for rows `include`
  /// leaves out); nil when none was given, which only deviations that neither weaken the matrix
  /// nor are selectors or globs may lack.
  public var reason: String?
  /// Where the configuration says it: `permissions[0].rows.android/blocked.requires`.
  public var key: String

  public init(
    row: RowID, kind: DeviationKind, weakens: Bool, builtIn: String?, configured: String, reason: String?,
    key: String
  ) {
    self.row = row
    self.kind = kind
    self.weakens = weakens
    self.builtIn = builtIn
    self.configured = configured
    self.reason = reason
    self.key = key
  }

  /// By kind (rows left out first, then weaker requirements and OS ranges, then selectors and
  /// globs), then by row.
  public static func < (lhs: ConfigurationDeviation, rhs: ConfigurationDeviation) -> Bool {
    let kinds = DeviationKind.allCases
    return (kinds.firstIndex(of: lhs.kind)!, lhs.row) < (kinds.firstIndex(of: rhs.kind)!, rhs.row)
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(row, forKey: .row)
    try container.encode(kind, forKey: .kind)
    try container.encode(weakens, forKey: .weakens)
    try container.encode(builtIn, forKey: .builtIn)
    try container.encode(configured, forKey: .configured)
    try container.encode(reason, forKey: .reason)
    try container.encode(key, forKey: .key)
  }
}
