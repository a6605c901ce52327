import StateProofEvidence
import StateProofModel
import Testing

/// The counts of one xcresulttool run checked against each other: a `summary` agrees with a
/// `tests` tree when every count is the same, or, for a run on several devices, when its total is
/// the tree's counted once or once per device.
@Suite struct ResultTotalsTests {
  static let summary = EvidenceLocation(root: "r", path: "summary.json")
  static let tree = EvidenceLocation(root: "r", path: "tests.json")

  @Test func oneDeviceAgreesOnlyWhenEveryCountIsTheSame() {
    let tree = ResultTotals(location: Self.tree, source: .tests, total: 7, passed: 4, failed: 2, skipped: 1)
    let same = ResultTotals(location: Self.summary, source: .summary, total: 7, passed: 4, failed: 2, skipped: 1)
    #expect(same.agrees(withTree: tree))
    var moved = same
    moved.passed = 5
    moved.failed = 1
    #expect(!moved.agrees(withTree: tree), "the same total with a failure counted as a pass")
    var expected = same
    expected.skipped = 0
    expected.expectedFailures = 1
    #expect(!expected.agrees(withTree: tree))
  }

  @Test func severalDevicesCompareTheTotalCountedEitherWay() {
    let tree = ResultTotals(
      location: Self.tree, source: .tests, total: 3, passed: 3, devices: ["Pixel 8", "iPhone 15"], perDeviceTotal: 6)
    for total in [3, 6] {
      let summary = ResultTotals(location: Self.summary, source: .summary, total: total, passed: 1, failed: total - 1)
      #expect(summary.agrees(withTree: tree), "\(total)")
    }
    let other = ResultTotals(location: Self.summary, source: .summary, total: 4, passed: 4)
    #expect(!other.agrees(withTree: tree))
  }

  @Test(arguments: [
    (ResultTotals(location: summary, source: .summary), "0 tests"),
    (ResultTotals(location: summary, source: .summary, total: 1, passed: 1), "1 test (1 passed)"),
    (
      ResultTotals(
        location: summary, source: .summary, total: 7, passed: 3, failed: 2, skipped: 1, expectedFailures: 1),
      "7 tests (3 passed, 2 failed, 1 skipped, 1 expected failure)"
    ),
  ])
  func describesItsCounts(totals: ResultTotals, text: String) {
    #expect(totals.description == text)
  }
}
