import StateProofModel
import StateProofEvidence

/// Folds the attempts of a retried test into one execution, so a retry is counted once.
///
/// JUnit writes a retried test as one `testcase` per attempt (fastlane trainer's `Retry 1`,
/// `Retry 2`, xcresultparser's repeated suites, TestNG's skip-then-fail pair). Executions are
/// folded as they are added, keeping one summary per test rather than every attempt, so memory
/// grows with the distinct tests of a file, not with its executions (a million runs of one test
/// cost one).
///
/// Executions sharing device, classname, name, repetition, configuration, arguments and build
/// fold into one, in the order each test first appears (xcresulttool's `Repetition` and `Test
/// Case Run` attempts carry no repetition here, so they fold like retries). Retries (`First Run`,
/// `Retry N`, or no repetition) share one key; planned repetitions (`Repetition 2 of 3`) stay
/// separate executions. The same test on two devices is two executions.
///
/// Attempts are ordered by what the producer records: the attempt number (Test Lab's `-rerun_N`),
/// then the suite's or case's timestamp, then the order they were added. The last attempt that
/// did not skip decides: a failure is a failure whatever passed before it; a pass after a failure
/// (or a producer's own `flaky`) is `flaky`, with the earliest failure's message; only skips give
/// `skipped`. Times add up; the location is the first attempt's, or the deciding one's when the
/// test failed.
package struct RetryFolding {
  private var positions: [Key: Int] = [:]
  private var tests: [Attempts] = []
  private var added = 0

  package init() {}

  /// Folds `executions` at once.
  package static func fold(_ executions: [TestExecution]) -> [TestExecution] {
    var folding = RetryFolding()
    for execution in executions { folding.add(execution) }
    return folding.executions
  }

  /// Folds the executions of several files into one another where they name the same device
  /// (Test Lab's `-rerun_N` folders, a farm's shards): each file's own were folded as it was read.
  /// Executions that name no device are left as they are, since two files may be two devices.
  package static func foldAcrossFiles(_ executions: [TestExecution]) -> [TestExecution] {
    guard executions.contains(where: { $0.device != nil }) else { return executions }
    var folding = RetryFolding()
    var result: [TestExecution?] = []
    var slots: [Int: Int] = [:]
    for execution in executions {
      if execution.device == nil {
        result.append(execution)
      } else {
        let before = folding.tests.count
        folding.add(execution)
        if folding.tests.count > before {
          slots[before] = result.count
          result.append(nil)
        }
      }
    }
    for (position, folded) in folding.executions.enumerated() { result[slots[position]!] = folded }
    return result.map { $0! }
  }

  /// Adds one attempt of a test.
  package mutating func add(_ execution: TestExecution) {
    let key = Key(execution)
    let order = Order(attempt: execution.attempt ?? 0, time: execution.startedAt?.seconds, added: added)
    added += 1
    if let position = positions[key] {
      tests[position].add(execution, order: order)
    } else {
      positions[key] = tests.count
      tests.append(Attempts(execution, order: order))
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
    var build: BuildIdentity?

    init(_ execution: TestExecution) {
      device = execution.device
      classname = execution.classname
      name = execution.name
      repetition = execution.repetition.flatMap { $0.hasPrefix("Repetition ") ? $0 : nil }
      configuration = execution.configuration
      arguments = execution.arguments
      build = execution.build
    }
  }

  /// When an attempt ran, as far as its producer tells.
  private struct Order {
    var attempt: Int
    var time: Int?
    var added: Int

    func precedes(_ other: Order) -> Bool {
      if attempt != other.attempt { return attempt < other.attempt }
      if let time, let otherTime = other.time, time != otherTime { return time < otherTime }
      return added < other.added
    }
  }

  /// What the attempts of one test add up to so far.
  private struct Attempts {
    var first: TestExecution
    var count = 1
    /// The last attempt that did not skip, by ``Order``.
    var latest: (order: Order, outcome: TestOutcome, message: String?, location: EvidenceLocation)?
    /// The earliest failure (or `flaky` attempt), by ``Order``.
    var earliestFailure: (order: Order, message: String?)?
    var lastSkipMessage: String?
    var lastMessage: String?
    /// Whether every attempt so far gave the same message (an expected failure, repeated).
    var sameMessage = true
    var time: Double?

    init(_ execution: TestExecution, order: Order) {
      first = execution
      note(execution, order: order)
    }

    mutating func add(_ execution: TestExecution, order: Order) {
      count += 1
      note(execution, order: order)
    }

    private mutating func note(_ execution: TestExecution, order: Order) {
      let outcome = execution.outcome
      if outcome == .skipped {
        lastSkipMessage = execution.message
      } else if latest.map({ $0.order.precedes(order) }) ?? true {
        latest = (order, outcome, execution.message, execution.location)
      }
      if outcome.isFailure || outcome == .flaky, earliestFailure.map({ order.precedes($0.order) }) ?? true {
        earliestFailure = (order, execution.message)
      }
      if count > 1, execution.message != lastMessage { sameMessage = false }
      lastMessage = execution.message
      if let seconds = execution.time { time = (time ?? 0) + seconds }
    }

    var folded: TestExecution {
      var result = first
      guard count > 1 else { return result }
      if let latest {
        if latest.outcome.isFailure {
          result.outcome = latest.outcome
          result.message = latest.message
          result.location = latest.location
        } else if latest.outcome == .flaky || earliestFailure != nil {
          result.outcome = .flaky
          result.message = earliestFailure?.message ?? latest.message
        } else {
          result.outcome = .passed
          // Passes that all say the same (`Expected failure: …`) keep it.
          result.message = sameMessage ? lastMessage : nil
        }
      } else {
        result.outcome = .skipped
        result.message = lastSkipMessage
      }
      result.time = time
      result.repetition = Key(result).repetition
      return result
    }
  }
}
