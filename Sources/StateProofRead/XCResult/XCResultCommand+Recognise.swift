import StateProofModel

extension XCResultCommand {
  /// The command whose output has these top-level keys; nil when they are none of xcresulttool's.
  static func recognise(keys: Set<String>) -> XCResultCommand? {
    if !keys.isDisjoint(with: testsKeys) { return .tests }
    if !keys.isDisjoint(with: summaryKeys) { return .summary }
    if !keys.isDisjoint(with: detailsKeys) { return .testDetails }
    if keys.contains("testRuns"), keys.contains("testIdentifier") || keys.contains("testName") { return .activities }
    if keys.contains("_type") { return .legacyObject }
    return nil
  }
}
