import StateProofModel

/// A result bundle that StateProof read itself and `xcrun xcresulttool` read too (on a Mac), where
/// the two disagree: the tests one lists and the other does not, or lists with another outcome.
public struct XCResultDisagreement: Codable, Sendable, Hashable {
  /// The bundle.
  public var bundle: EvidenceLocation
  /// `Suite#test() on device: passed natively, failed by xcresulttool`, one per differing test.
  public var tests: [String]
  /// How many tests differ in all (``tests`` names the first few).
  public var count: Int

  public init(bundle: EvidenceLocation, tests: [String], count: Int) {
    self.bundle = bundle
    self.tests = tests
    self.count = count
  }
}
