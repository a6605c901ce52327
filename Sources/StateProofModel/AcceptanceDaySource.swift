/// Where the day accepted gaps are checked against came from. StateProof judges them on its
/// machine's clock alone (`today`); the other two are read back from reports that earlier
/// versions made, which judged them on the report's time.
public enum AcceptanceDaySource: String, Codable, Sendable, CaseIterable {
  /// An earlier version's: the report's `--generated-at` time.
  case generatedAt = "generated-at"
  /// An earlier version's: the build's `SOURCE_DATE_EPOCH` (in CI often a commit's date).
  case sourceDateEpoch = "SOURCE_DATE_EPOCH"
  /// The day the report was made, by the clock of the machine that made it (UTC).
  case today
}
