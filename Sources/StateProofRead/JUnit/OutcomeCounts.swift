import StateProofModel

/// How many executions a file delivered with each outcome, before retries are folded.
package struct OutcomeCounts: Sendable, Hashable {
  package var passed = 0
  package var failed = 0
  package var error = 0
  package var skipped = 0
  package var flaky = 0

  package init() {}

  package subscript(outcome: TestOutcome) -> Int {
    get {
      switch outcome {
      case .passed: passed
      case .failed: failed
      case .error: error
      case .skipped: skipped
      case .flaky: flaky
      }
    }
    set {
      switch outcome {
      case .passed: passed = newValue
      case .failed: failed = newValue
      case .error: error = newValue
      case .skipped: skipped = newValue
      case .flaky: flaky = newValue
      }
    }
  }

  /// Every execution counted.
  package var total: Int { passed + failed + error + skipped + flaky }
}
