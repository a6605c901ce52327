import StateProofModel

/// Folds the attempts of a retried test into one execution, so a retry is counted once.
///
/// A pure function over executions the caller kept (it never needs a whole file): JUnit writes a
/// retried test as one `testcase` per attempt (fastlane trainer's `Retry 1`, `Retry 2`,
/// xcresultparser's repeated suites, TestNG's skip-then-fail pair).
package enum RetryFolding {
  /// Folds executions sharing device, classname, name and repetition into one, in the order each
  /// test first appears.
  ///
  /// Retries (`First Run`, `Retry N`, or no repetition) share one key; planned repetitions
  /// (`Repetition 2 of 3`) stay separate executions. Within a key: passes and failures mixed give
  /// `flaky` (with the first failure's message); any pass without failure gives `passed`; only
  /// failures give the last attempt's outcome and message; only skips give `skipped`. Times add
  /// up; the location is the first attempt's.
  package static func fold(_ executions: [TestExecution]) -> [TestExecution] {
    var order: [Key] = []
    var attempts: [Key: [TestExecution]] = [:]
    for execution in executions {
      let key = Key(execution)
      if attempts[key] == nil { order.append(key) }
      attempts[key, default: []].append(execution)
    }
    return order.compactMap { attempts[$0].map(folded) }
  }

  private struct Key: Hashable {
    var device: String?
    var classname: String
    var name: String
    var repetition: String?

    init(_ execution: TestExecution) {
      device = execution.device
      classname = execution.classname
      name = execution.name
      repetition = execution.repetition.flatMap { $0.hasPrefix("Repetition ") ? $0 : nil }
    }
  }

  private static func folded(_ attempts: [TestExecution]) -> TestExecution {
    var result = attempts[0]
    guard attempts.count > 1 else { return result }
    let failures = attempts.filter { $0.outcome.isFailure }
    let passed = attempts.contains { $0.outcome.isPass }
    if passed, !failures.isEmpty {
      result.outcome = .flaky
      result.message = failures[0].message
    } else if passed {
      result.outcome = attempts.contains { $0.outcome == .flaky } ? .flaky : .passed
      result.message = attempts.first { $0.outcome == .flaky }?.message
    } else if let last = failures.last {
      result.outcome = last.outcome
      result.message = last.message
    } else {
      result.outcome = .skipped
      result.message = attempts.last?.message
    }
    let times = attempts.compactMap(\.time)
    result.time = times.isEmpty ? nil : times.reduce(0, +)
    result.repetition = Key(result).repetition
    return result
  }
}
