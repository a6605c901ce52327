import Foundation

/// A report folder ``ReportRun/write(to:)`` wrote.
public struct WrittenReport: Sendable {
  /// The folder, as an absolute path.
  public var folder: String
  /// The files written there, relative to it, sorted: `index.html`, `report.md`, `report.json`,
  /// `junit.xml` and `assets/SHA256.EXT`, as the formats asked.
  public var files: [String]
  /// `report.md`'s bytes, when it was written: what a job summary or a pull-request comment
  /// takes.
  public var markdown: Data?
  /// What the reader should know about the outputs, e.g. an `index.html` too large for mail.
  public var warnings: [String]
}
