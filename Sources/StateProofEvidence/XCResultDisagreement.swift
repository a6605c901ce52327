import StateProofModel

/// A result bundle that StateProof read itself and `xcrun xcresulttool` read too (on a Mac), where
/// the two disagree: the tests one lists and the other does not, or lists with another outcome;
/// or (``withDatabase``) whose object graph and `database.sqlite3` give a test different results.
package struct XCResultDisagreement: Codable, Sendable, Hashable {
  /// The bundle.
  package var bundle: EvidenceLocation
  /// `Suite#test() on device: passed natively, failed by xcresulttool`, one per differing test.
  package var tests: [String]
  /// How many tests differ in all (``tests`` names the first few).
  package var count: Int

  /// The bundle's own two stores disagree (the worse result counts), not StateProof and xcresulttool.
  package var withDatabase = false

  package init(bundle: EvidenceLocation, tests: [String], count: Int, withDatabase: Bool = false) {
    self.bundle = bundle
    self.tests = tests
    self.count = count
    self.withDatabase = withDatabase
  }
}
