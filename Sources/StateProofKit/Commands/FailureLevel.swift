import StateProofModel

/// `--fail-on`: which findings make `report` exit with status 1.
package enum FailureLevel: String, CaseIterable {
  case error
  case warning
  case never

  package init(argument: String?) throws(UsageError) {
    guard let argument else {
      self = .error
      return
    }
    guard let level = FailureLevel(rawValue: argument) else {
      throw UsageError(
        command: ReportCommand.spec.name,
        message: "--fail-on takes error, warning or never, found \"\(argument)\"")
    }
    self = level
  }

  /// Whether the report should fail the pipeline at this level.
  package func fails(_ report: Report) -> Bool {
    switch self {
    case .error: report.verdict == .notReady
    case .warning: report.verdict == .notReady || report.summary.warnings > 0
    case .never: false
    }
  }
}
