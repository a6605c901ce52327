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
      throw .outputFolder(path: path, reason: .cannotInspect(reason: String(cString: strerror(errno))))
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw .outputFolder(path: path, reason: .notAFolder)
    }
    guard let entries = DirectoryEntries.list(path) else {
      throw .outputFolder(path: path, reason: .cannotList(reason: String(cString: strerror(errno))))
    }
    let names = entries.map(\.name).filter { StagingFolder.owner(ofName: $0) == nil }
    if names.contains(ReportMarker.fileName) {
      return .report(files: try markedFiles(in: path))
    }
    guard names.isEmpty else { throw .outputFolder(path: path, reason: .foreignFiles(names)) }
    return .report(files: [])
  }

  /// The files the folder's marker lists; throws when the marker is not one StateProof wrote.
  private static func markedFiles(in folder: String) throws(StateProofError) -> Set<String> {
    let path = folder + "/" + ReportMarker.fileName
    let refuse = { (problem: MarkerProblem) -> StateProofError in .outputFolder(path: folder, reason: .marker(problem))
    }
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      throw refuse(.notARegularFile)
    }
    guard let handle = FileHandle(forReadingAtPath: path),
      let data = try? handle.read(upToCount: markerLimit + 1)
    else { throw refuse(.unreadable) }
    try? handle.close()
    guard data.count <= markerLimit else { throw refuse(.tooLarge(limit: markerLimit)) }
    let marker: ReportMarker
    do throws(JSONDecodingError) {
      marker = try JSONDecoding.decode(ReportMarker.self, from: data)
    } catch {
      throw refuse(.notStateProof)
    }
    guard marker.tool == "stateproof" else { throw refuse(.notStateProof) }
    if let foreign = marker.files.first(where: { !ReportMarker.isReportFile($0) }) {
      throw refuse(.listsForeignFile(foreign))
    }
    return Set(marker.files)
  }
}
