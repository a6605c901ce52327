/// Where a row stands after matching.
public enum RowStatus: String, Codable, Sendable, CaseIterable {
  /// Every required kind of evidence is present and good.
  case covered
  /// Something required is absent.
  case incomplete
  /// Required evidence exists but is bad (a test failed, a seed did not take).
  case failing
  /// The platform cannot reach this state; never a gap.
  case unreachable
}
