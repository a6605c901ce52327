import Foundation
import StateProofKit

extension ReportFormat {
  /// Parses `--format`'s comma-separated list; nil (no option) means every format.
  static func parse(_ text: String?) throws(UsageError) -> Set<ReportFormat> {
    guard let text else { return Set(allCases) }
    var formats = Set<ReportFormat>()
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      guard let format = ReportFormat(rawValue: trimmed) else {
        throw UsageError(
          command: ReportCommand.spec.name,
          message: "--format takes \(allCases.map(\.rawValue).joined(separator: ", ")), found \"\(trimmed)\"")
      }
      formats.insert(format)
    }
    return formats
  }
}
