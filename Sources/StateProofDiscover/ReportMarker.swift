import StateProofModel

/// The file StateProof leaves in every report folder it writes, listing the files it wrote there.
/// The next run into the same `--out` replaces exactly those files and keeps everything else;
/// discovery never reads a folder holding it as evidence. Here, not in the library, because both
/// the output stage (which writes a folder by these names) and discovery (which must know them to
/// skip StateProof's own output) need it; the names are ``ReportFolder``'s.
package struct ReportMarker: Codable, Sendable, Equatable {
  /// The marker's name inside the report folder.
  package static let fileName = ReportFolder.markerFile
  /// The report's own files: what `--out` may replace, and what discovery recognises.
  package static let reportFiles = ReportFolder.files
  /// The folder screenshots are copied into, each named by its SHA-256.
  package static let assetsFolder = ReportFolder.assetsFolder

  /// For a person who finds the file.
  package var about =
    "StateProof wrote this folder. The next report into it replaces the files listed here and keeps any other; without this file it refuses to write here."
  package var tool = "stateproof"
  package var version: String
  /// The files StateProof wrote, relative to the folder, sorted.
  package var files: [String]

  package init(version: String, files: [String]) {
    self.version = version
    self.files = files.sorted()
  }

  /// Whether StateProof could have written `path` (relative to a report folder): one of the
  /// report's files, or `assets/` and a SHA-256 with an image extension. A marker listing
  /// anything else was not written by StateProof, and its list is not trusted.
  package static func isReportFile(_ path: String) -> Bool {
    if reportFiles.contains(path) { return true }
    let prefix = assetsFolder + "/"
    return isAssetName(path.utf8.starts(with: prefix.utf8) ? String(path.dropFirst(prefix.count)) : "")
  }

  /// Whether `name` is an asset's file name: 64 lowercase hex digits, a dot, an image extension.
  package static func isAssetName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, ["png", "jpg", "heic"].contains(parts[1]) else { return false }
    return parts[0].utf8.count == 64
      && parts[0].utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}
