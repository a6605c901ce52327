import Foundation
import StateProofDiscover
import StateProofJSON
import StateProofModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `--out` holds now, and so what a run may do there: create it, or replace the files an
/// earlier run listed in its ``ReportMarker``. Any other folder that is not empty is refused:
/// StateProof never deletes or overwrites what it did not write.
enum OutputFolder {
  /// Nothing there yet.
  case absent
  /// A folder StateProof wrote (`files` from its marker), or an empty one (`files` empty).
  case report(files: Set<String>)

  /// The largest marker read; a real one lists a few thousand files.
  static let markerLimit = 16 << 20

  /// Looks at the folder at `path` (already resolved through links).
  static func inspect(_ path: String) throws(StateProofError) -> OutputFolder {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return .absent }
      throw .output("--out \(path): \(String(cString: strerror(errno)))")
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw .output("--out \(path) is a file, not a folder; StateProof does not replace it")
    }
    guard let entries = DirectoryEntries.list(path) else {
      throw .output("--out \(path) cannot be listed: \(String(cString: strerror(errno)))")
    }
    let names = entries.map(\.name).filter { StagingFolder.owner(ofName: $0) == nil }
    if names.contains(ReportMarker.fileName) {
      return .report(files: try markedFiles(in: path))
    }
    guard names.isEmpty else {
      let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
      let earlier =
        names.contains("report.json")
          && Set(names).isSubset(of: ReportMarker.reportFiles.union([ReportMarker.assetsFolder]))
        ? " If it is a report an earlier StateProof version wrote (they left no marker), delete it once; later runs replace their own."
        : ""
      throw .output(
        "--out \(path) holds files StateProof did not write (\(shown)) and no \(ReportMarker.fileName), "
          + "so nothing was written: StateProof only replaces a report folder it wrote itself. "
          + "Choose an empty or new folder.\(earlier)")
    }
    return .report(files: [])
  }

  /// The files the folder's marker lists; throws when the marker is not one StateProof wrote.
  private static func markedFiles(in folder: String) throws(StateProofError) -> Set<String> {
    let path = folder + "/" + ReportMarker.fileName
    let refuse = { (reason: String) -> StateProofError in
      .output(
        "--out \(folder): its \(ReportMarker.fileName) \(reason), so StateProof cannot tell which files it wrote; nothing was written")
    }
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      throw refuse("is not a regular file")
    }
    guard let handle = FileHandle(forReadingAtPath: path),
      let data = try? handle.read(upToCount: markerLimit + 1)
    else { throw refuse("cannot be read") }
    try? handle.close()
    guard data.count <= markerLimit else { throw refuse("is larger than \(markerLimit >> 20) MB") }
    let marker: ReportMarker
    do throws(JSONDecodingError) {
      marker = try JSONDecoding.decode(ReportMarker.self, from: data)
    } catch {
      throw refuse("is not a StateProof marker (\(error))")
    }
    guard marker.tool == "stateproof" else { throw refuse("is not a StateProof marker") }
    if let foreign = marker.files.first(where: { !ReportMarker.isReportFile($0) }) {
      throw refuse("lists \"\(foreign)\", which StateProof never writes")
    }
    return Set(marker.files)
  }
}
