import Foundation

/// One output `stateproof report` can write, as `--format` names it.
public enum ReportFormat: String, CaseIterable, Sendable {
  /// `index.html` and the `assets/` it shows.
  case html
  /// `report.md`.
  case md
  /// `report.json`, the coverage model.
  case json
  /// `junit.xml`, the sign-off as test results.
  case junit

  /// Parses `--format`'s comma-separated list; nil (no option) means every format.
  package static func parse(_ text: String?) throws(UsageError) -> Set<ReportFormat> {
    guard let text else { return Set(allCases) }
    var formats = Set<ReportFormat>()
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      guard let format = ReportFormat(rawValue: trimmed) else {
        throw UsageError(
          command: "report",
          message: "--format takes \(allCases.map(\.rawValue).joined(separator: ", ")), found \"\(trimmed)\"")
      }
      formats.insert(format)
    }
    return formats
  }
}
