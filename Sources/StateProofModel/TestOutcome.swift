/// The result of one test execution, after retries are folded.
public enum TestOutcome: String, Codable, Sendable, CaseIterable {
  case passed
  case failed
  case error
  case skipped
  /// Failed at first, then passed on a retry.
  case flaky

  /// Whether this outcome counts as the test having passed.
  public var isPass: Bool { self == .passed || self == .flaky }
  /// Whether this outcome counts as the test having failed.
  public var isFailure: Bool { self == .failed || self == .error }
}
