/// One output `stateproof report` can write, as `--format` names it: the file it writes, how it
/// is written and when it is placed. Adding a format is a case here and its renderer in
/// `ReportRun.output(_:of:)` (StateProofKit); the marker, discovery, `verify` and the command's
/// help take their names from these cases. Here, beside the schema, because `report.json` records
/// the formats by these names and discovery (which cannot see the library) must know the files.
public enum ReportFormat: String, CaseIterable, Sendable {
  /// `index.html` and the `assets/` it shows.
  case html
  /// `report.md`.
  case md
  /// `report.json`, the coverage model.
  case json
  /// `junit.xml`, the sign-off as test results.
  case junit

  /// The format that is the coverage model itself: `verify`'s anchor, from which every other file
  /// is made again, and what an evidence bundle needs.
  package static let model = ReportFormat.json

  /// Its file in the report folder.
  public var fileName: String {
    switch self {
    case .html: "index.html"
    case .md: "report.md"
    case .json: "report.json"
    case .junit: "junit.xml"
    }
  }

  /// How a format's bytes reach its file.
  package enum Writing: Sendable {
    /// Rendered whole, then written: the pages, from excerpts sized for a reader.
    case whole
    /// Written (or hashed) a chunk at a time as it is rendered: the model's JSON and JUnit of a
    /// report with 100,000 files are never held whole.
    case chunked
  }

  package var writing: Writing {
    switch self {
    case .html, .md: .whole
    case .json, .junit: .chunked
    }
  }

  /// Whether it renders through the templates the report records (so `verify` cannot make it again
  /// when they are gone).
  package var usesTemplates: Bool {
    switch self {
    case .html, .md: true
    case .json, .junit: false
    }
  }

  /// Its place in the order a folder updated in place gets its new files.
  package var commitStep: ReportFolder.CommitStep {
    switch self {
    case .html: .pages
    case .md, .json, .junit: .files
    }
  }
}
