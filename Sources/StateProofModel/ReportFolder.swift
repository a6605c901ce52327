/// The names in a report folder StateProof writes, in one table: each format's file
/// (``ReportFormat/fileName``), the screenshots' folder, the attestation, `SHA256SUMS` and the
/// marker. The output stage writes by them, the marker and `SHA256SUMS` accept only them, and
/// discovery (which cannot see the library) skips the folder by them.
package enum ReportFolder {
  /// The file listing what StateProof wrote in the folder (`ReportMarker`).
  package static let markerFile = ".stateproof-report.json"
  /// The folder screenshots are copied into, each named by its SHA-256.
  package static let assetsFolder = "assets"
  /// The unsigned in-toto statement over the other files (`--attestation`).
  package static let attestationFile = "attestation.intoto.json"
  /// The SHA-256 of every other file, for `sha256sum -c`.
  package static let digestsFile = "SHA256SUMS"

  /// The report's own files at the folder's top (all but the marker and `assets/`): what `--out`
  /// may replace, and what discovery recognises.
  package static let files: Set<String> = Set(ReportFormat.allCases.map(\.fileName)).union([
    attestationFile, digestsFile,
  ])

  /// The files that make a folder without its marker a report's: its page and its model, which an
  /// earlier StateProof also wrote.
  package static let recognisedBy: Set<String> = [ReportFormat.html.fileName, ReportFormat.model.fileName]

  /// The order a folder updated in place gets its new files, so a page never refers to a file not
  /// yet there.
  package enum CommitStep: Int, Sendable, Comparable {
    /// The screenshots, which the pages show.
    case assets
    /// Everything else.
    case files
    /// The pages, last.
    case pages

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The step at which `name` (relative to the folder) is placed.
  package static func commitStep(of name: String) -> CommitStep {
    if name.hasPrefix(assetsFolder + "/") { return .assets }
    return ReportFormat.allCases.first { $0.fileName == name }?.commitStep ?? .files
  }
}
