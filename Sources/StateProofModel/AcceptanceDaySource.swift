/// Where the day accepted gaps are checked against came from.
public enum AcceptanceDaySource: String, Codable, Sendable, CaseIterable {
  /// The report's `--generated-at` time (the library's `ReportOptions.generatedAt`).
  case generatedAt = "generated-at"
  /// The build's `SOURCE_DATE_EPOCH`, which also gave `generatedAt`.
  case sourceDateEpoch = "SOURCE_DATE_EPOCH"
  /// The day the report was made, by the system clock (UTC).
  case today
}
