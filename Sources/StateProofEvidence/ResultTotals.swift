import StateProofModel

/// The test counts one xcresulttool JSON file gives for its run: a `summary` states them, a
/// `tests` tree is counted (one per `Test Case` node, by its own `result`), so the two files of
/// one run can be checked against each other.
package struct ResultTotals: Codable, Sendable, Hashable, CustomStringConvertible {
  package enum Source: String, Codable, Sendable {
    /// Counted from `get test-results tests`.
    case tests
    /// Stated by `get test-results summary`.
    case summary
  }

  package var location: EvidenceLocation
  package var source: Source
  package var total: Int
  package var passed: Int
  package var failed: Int
  package var skipped: Int
  package var expectedFailures: Int
  /// The devices the file names, as StateProof names devices, sorted.
  package var devices: [String]
  /// A `tests` tree of a run on several devices: its test cases counted once per device they ran
  /// on, since a summary may count them so; nil otherwise.
  package var perDeviceTotal: Int?

  package init(
    location: EvidenceLocation, source: Source, total: Int = 0, passed: Int = 0, failed: Int = 0,
    skipped: Int = 0, expectedFailures: Int = 0, devices: [String] = [], perDeviceTotal: Int? = nil
  ) {
    self.location = location
    self.source = source
    self.total = total
    self.passed = passed
    self.failed = failed
    self.skipped = skipped
    self.expectedFailures = expectedFailures
    self.devices = devices
    self.perDeviceTotal = perDeviceTotal
  }

  /// "7 tests (3 passed, 2 failed, 1 skipped, 1 expected failure)".
  package var description: String {
    let parts = [(passed, "passed"), (failed, "failed"), (skipped, "skipped"), (expectedFailures, "expected failure")]
      .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    return "\(total) test\(total == 1 ? "" : "s")" + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
  }

  /// Whether a summary's counts (`self`) agree with a `tests` tree's (`tree`): all of them for a
  /// run on one device; for a run on several, the number of tests, counted once or once per
  /// device (how a summary counts results per device is not known, so they are not compared).
  package func agrees(withTree tree: ResultTotals) -> Bool {
    if let perDevice = tree.perDeviceTotal { return total == tree.total || total == perDevice }
    return (total, passed, failed, skipped, expectedFailures)
      == (tree.total, tree.passed, tree.failed, tree.skipped, tree.expectedFailures)
  }
}
