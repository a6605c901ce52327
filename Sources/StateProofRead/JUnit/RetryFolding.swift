import StateProofModel

/// Folds the attempts of a retried test into one execution, so a retry is counted once.
///
/// JUnit writes a retried test as one `testcase` per attempt (fastlane trainer's `Retry 1`,
/// `Retry 2`, xcresultparser's repeated suites, TestNG's skip-then-fail pair). Executions are
/// folded as they are added, keeping one summary per test rather than every attempt, so memory
/// grows with the distinct tests of a file, not with its executions (a million runs of one test
/// cost one).
///
/// Executions sharing device, classname, name, repetition, configuration and arguments fold into
/// one, in the order each test first appears (xcresulttool's `Repetition` and `Test Case Run`
/// attempts carry no repetition here, so they fold like retries). Retries (`First Run`, `Retry N`, or no repetition) share one key; planned
/// repetitions (`Repetition 2 of 3`) stay separate executions. Within a key: passes and failures
/// mixed give `flaky` (with the first failure's message); any pass without failure gives
/// `passed`; only failures give the last attempt's outcome and message; only skips give
/// `skipped`. Times add up; the location is the first attempt's.
package struct RetryFolding {
  private var positions: [Key: Int] = [:]
  private var tests: [Attempts] = []

  package init() {}

  /// Folds `executions` at once.
  package static func fold(_ executions: [TestExecution]) -> [TestExecution] {
    var folding = RetryFolding()
    for execution in executions { folding.add(execution) }
    return folding.executions
  }

  /// Adds one attempt of a test.
  package mutating func add(_ execution: TestExecution) {
    let key = Key(execution)
    if let position = positions[key] {
      tests[position].add(execution)
    } else {
      positions[key] = tests.count
      tests.append(Attempts(execution))
    }
  }

  /// Whether nothing was added.
  package var isEmpty: Bool { tests.isEmpty }

  /// One execution per test, in the order each first appeared.
  package var executions: [TestExecution] { tests.map(\.folded) }

  private struct Key: Hashable {
    var device: String?
    var classname: String
    var name: String
    var repetition: String?
    var configuration: String?
    var arguments: String?

    init(_ execution: TestExecution) {
      device = execution.device
      classname = execution.classname
      name = execution.name
      repetition = execution.repetition.flatMap { $0.hasPrefix("Repetition ") ? $0 : nil }
      configuration = execution.configuration
      arguments = execution.arguments
    }
  }

  /// What the attempts of one test add up to so far.
  private struct Attempts {
    var first: TestExecution
    var count = 1
    var passed: Bool
    var failed: Bool
    /// The first failure's message.
    var firstFailureMessage: String?
    /// The last failure's outcome and message.
    var lastFailure: (outcome: TestOutcome, message: String?)?
    var sawFlaky: Bool
    /// The first `flaky` attempt's message.
    var firstFlakyMessage: String?
    var lastMessage: String?
    /// Whether every attempt so far gave the same message (an expected failure, repeated).
    var sameMessage = true
    var time: Double?

    init(_ execution: TestExecution) {
      first = execution
      passed = false
      failed = false
      sawFlaky = false
      note(execution)
    }

    mutating func add(_ execution: TestExecution) {
      count += 1
      note(execution)
    }

    private mutating func note(_ execution: TestExecution) {
      let outcome = execution.outcome
      if outcome.isPass { passed = true }
      if outcome.isFailure {
        if !failed { firstFailureMessage = execution.message }
        failed = true
        lastFailure = (outcome, execution.message)
      }
      if outcome == .flaky, !sawFlaky {
        sawFlaky = true
        firstFlakyMessage = execution.message
      }
      if count > 1, execution.message != lastMessage { sameMessage = false }
      lastMessage = execution.message
      if let seconds = execution.time { time = (time ?? 0) + seconds }
    }

    var folded: TestExecution {
      var result = first
      guard count > 1 else { return result }
      if passed, failed {
        result.outcome = .flaky
        result.message = firstFailureMessage
      } else if passed {
        result.outcome = sawFlaky ? .flaky : .passed
        // Passes that all say the same (`Expected failure: …`) keep it.
        result.message = firstFlakyMessage ?? (sameMessage ? lastMessage : nil)
      } else if let lastFailure {
        result.outcome = lastFailure.outcome
        result.message = lastFailure.message
      } else {
        result.outcome = .skipped
        result.message = lastMessage
      }
      result.time = time
      result.repetition = Key(result).repetition
      return result
    }
  }
}
