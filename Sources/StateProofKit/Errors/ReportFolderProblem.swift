/// Why `verify` cannot check a report folder.
public enum ReportFolderProblem: Sendable, Hashable {
  /// The path is not a folder.
  case notAFolder
  /// The path is an evidence bundle (`report --bundle`, a gzip-compressed tar) rather than the
  /// report folder inside it: it is unpacked first.
  case bundleArchive
  /// The folder holds no `report.json`.
  case noReportJSON
  /// A file in it cannot be read (`name` relative to the folder).
  case unreadableFile(name: String, reason: String)
}
