import StateProofModel

/// A result bundle that StateProof read itself and `xcrun xcresulttool` read too (on a Mac), where
/// the two disagree: the tests one lists and the other does not, or lists with another outcome.
package struct XCResultDisagreement: Codable, Sendable, Hashable {
  /// The bundle.
  package var bundle: EvidenceLocation
  /// `Suite#test() on device: passed natively, failed by xcresulttool`, one per differing test.
  package var tests: [String]
  /// How many tests differ in all (``tests`` names the first few).
  package var count: Int

  package init(bundle: EvidenceLocation, tests: [String], count: Int) {
    self.bundle = bundle
    self.tests = tests
    self.count = count
  }
}
