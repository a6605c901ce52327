/// Why `verify` cannot check a report folder.
public enum ReportFolderProblem: Sendable, Hashable {
  /// The path is not a folder.
  case notAFolder
  /// The folder holds no `report.json`.
  case noReportJSON
  /// A file in it cannot be read (`name` relative to the folder).
  case unreadableFile(name: String, reason: String)
}
