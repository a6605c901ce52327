import StateProofModel

/// `--fail-on`: which findings make a report fail (`stateproof report` exits with status 1).
public enum FailureLevel: String, CaseIterable, Sendable {
  /// The verdict is not ready: an error-level finding is open (the default).
  case error
  /// An error- or warning-level finding is open.
  case warning
  /// Never: the report informs, it does not gate.
  case never

  /// Whether `report` fails at this level: the one rule behind `report`'s exit status.
  public func fails(_ report: Report) -> Bool {
    switch self {
    case .error: report.verdict == .notReady
    case .warning: report.verdict == .notReady || report.summary.warnings > 0
    case .never: false
    }
  }
}
