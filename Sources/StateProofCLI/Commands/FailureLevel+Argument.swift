import StateProofKit

extension FailureLevel {
  /// `--fail-on`'s value; absent means ``FailureLevel/error``.
  init(argument: String?) throws(UsageError) {
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
}
