import StateProofModel
import StateProofEvidence

/// A bounded sample of the tests that missed a selector only by spelling, kept for `missing-test`
/// hints: at most ``limit`` different tests per selector, the first ones offered, so a file of a
/// million near misses keeps a handful.
package struct NearMissSample: Sendable {
  package private(set) var tests: [TestExecution] = []
  private var kept: [Int: Int] = [:]
  private var ids: Set<String> = []
  static let limit = 3

  package init() {}

  /// Keeps `test` when one of the selectors it nearly matches (indices into the matcher's
  /// selectors) has fewer than ``limit`` tests kept, and the test (however its producer spells
  /// it) is not kept already.
  mutating func offer(_ test: TestExecution, selectors: [Int]) {
    guard selectors.contains(where: { kept[$0, default: 0] < Self.limit }),
      ids.insert(TestSelector.identity(of: test)).inserted
    else { return }
    tests.append(test)
    for selector in selectors { kept[selector, default: 0] += 1 }
  }
}
