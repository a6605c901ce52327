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
}
