/// Why a piece of evidence was matched to a row or receipt: the rule that attributed it.
public enum AttributionRule: String, Codable, Sendable, CaseIterable {
  /// Tests: one of the row's configured test selectors matches `classname#name`.
  case configSelector = "config-selector"
  /// Tests and screenshots: the row has no selectors (or globs), and the test's name, the
  /// file's path or the attachment's name names the row's permission and state.
  case convention
  /// Tests: the platform's receipt selector matches it.
  case receiptSelector = "receipt-selector"
  /// Seeds: the `dumpsys` line names the row's permission, in the row's state (or in another,
  /// when the seed step wanted this one and it did not take).
  case permissionAndState = "permission-and-state"
  /// Screenshots: one of the row's screenshot globs matches the path.
  case configGlob = "config-glob"
  /// Screenshots: an attachments manifest attached it to a test matched to the row.
  case attachedToTest = "attached-to-test"
}
