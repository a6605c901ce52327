import Foundation

/// A report folder ``ReportRun/write(to:)`` wrote.
public struct WrittenReport: Sendable {
  /// The folder, as an absolute path.
  public var folder: String
  /// The files written there, relative to it, sorted: `index.html`, `report.md`, `report.json`,
  /// `junit.xml` and `assets/SHA256.EXT`, as the formats asked, and `SHA256SUMS`.
  public var files: [String]
  /// The SHA-256 of each file written but `SHA256SUMS`, by name: what `SHA256SUMS` lists.
  public var sha256: [String: String]
  /// `report.md`'s bytes, when it was written: what a job summary or a pull-request comment
  /// takes.
  public var markdown: Data?
  /// What the reader should know about the outputs, e.g. an `index.html` too large for mail.
  public var warnings: [String]
  /// With `--history`: the line that records this report, and whether this run appended it.
  public var history: HistoryAppend?
}
