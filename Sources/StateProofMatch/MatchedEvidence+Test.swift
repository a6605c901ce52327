import StateProofModel
import StateProofEvidence

extension MatchedEvidence {
  /// A test execution as the evidence that `rule` matched it, with all it tells of its run.
  init(_ test: TestExecution, rule: AttributionRule) {
    self.init(
      kind: .test, root: test.location.root, path: test.location.path, rule: rule,
      device: test.device)
    id = test.id
    outcome = test.outcome
    message = test.message
    lineNumber = test.location.line
    configuration = test.configuration
    arguments = test.arguments
    os = test.os
    build = test.build
    time = test.startedAt
  }
}
