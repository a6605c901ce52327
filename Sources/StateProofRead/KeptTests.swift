import StateProofModel
import StateProofEvidence

/// The executions a reader delivers that the caller keeps, folded as they arrive (see
/// ``RetryFolding``). `keep` is asked once for a run of executions of the same test (retries,
/// repetitions, a parameterised test's arguments), which readers deliver one after the other.
final class KeptTests {
  private let keep: (TestExecution) -> Bool
  private var folding = RetryFolding()
  private var last: (classname: String, name: String, kept: Bool)?

  init(keep: @escaping (TestExecution) -> Bool) {
    self.keep = keep
  }

  func add(_ execution: TestExecution) {
    let kept: Bool
    if let last, last.name == execution.name, last.classname == execution.classname {
      kept = last.kept
    } else {
      kept = keep(execution)
      last = (execution.classname, execution.name, kept)
    }
    if kept { folding.add(execution) }
  }

  var executions: [TestExecution] { folding.executions }
}
