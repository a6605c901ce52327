/// Where a row stands at one sign-off, in the four words a trend counts (and `unreachable`): the
/// report's status with its accepted gaps folded in. A row is `accepted` when it is not covered
/// but every error that keeps it from covered was accepted as a known gap.
public enum RowStanding: String, Codable, Sendable, CaseIterable {
  /// Covered: every required kind of evidence is there and good.
  case proven
  /// Failing, with an error still open.
  case failing
  /// Incomplete, with an error still open.
  case missing
  /// Not covered, but its errors were accepted as known gaps (with a reason, maybe an end date).
  case accepted
  /// The platform cannot reach the state; never a gap.
  case unreachable

  /// Whether the row still needs work or an acceptance: failing, missing or accepted.
  public var isOpen: Bool { self == .failing || self == .missing || self == .accepted }
}
