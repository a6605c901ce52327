import Foundation
import StateProofModel
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends a sign-off's line to a history file safely when two jobs sign off at once: under an
/// `flock` on the file's folder (as report folders are written: no lock file is left behind), it
/// reads the file as it is now, chains the new line to its last line, and writes the whole file
/// anew beside it and renames it into place, so a reader sees the old file or the new one, never
/// half a line. A line that already records the same `report.json` (by SHA-256) is not added
/// again. Where the file system has no `flock`, appends are not serialised (as report folders).
package enum HistoryAppender {
  /// Places `record` after the last line of the history at `path` (its ``SignOffRecord/signOff``
  /// and ``SignOffRecord/previousSHA256`` are set here) and writes the file; or finds the line
  /// that records its report already.
  package static func append(_ record: SignOffRecord, to path: String) throws(StateProofError) -> HistoryAppend {
    let target: String
    do {
      target = try RealPath.resolve(path)
    } catch {
      throw .history(file: path, reason: .notWritable(reason: "\(error)"))
    }
    let folder = PathBytes.parent(of: target)
    let lock: FolderLock
    do {
      lock = try FolderLock(folder)
    } catch {
      if case .outputFolder(_, .busy(let seconds)) = error {
        throw .history(file: path, reason: .busy(seconds: seconds))
      }
      throw error
    }
    defer { withExtendedLifetime(lock) {} }
    let data = try HistoryFile.contents(target, missingIsEmpty: true) ?? Data()
    let history = try HistoryFile.history(of: data, file: path)
    let intact = history.firstBrokenLine == nil
    if let index = history.records.firstIndex(where: { $0.reportSHA256 == record.reportSHA256 }) {
      return HistoryAppend(file: path, line: index + 1, appended: false, chainIntact: intact)
    }
    var placed = record
    placed.signOff = history.records.count + 1
    placed.previousSHA256 = history.lineSHA256.last ?? SignOffRecord.genesis
    var file = data
    if let last = file.last, last != 0x0A { file.append(0x0A) }
    file.append(try HistoryFile.line(placed))
    file.append(0x0A)
    try replace(target, with: file, name: path)
    return HistoryAppend(file: path, line: placed.signOff, appended: true, chainIntact: intact)
  }

  /// Writes `data` to a new file beside `path` (keeping the old file's permissions), flushes it
  /// and renames it over `path`; on failure the new file is removed and `path` is as it was.
  private static func replace(_ path: String, with data: Data, name: String) throws(StateProofError) {
    let temporary = PathBytes.sibling(
      ".\(PathBytes.lastComponent(of: path)).stateproof-\(getpid())-\(UUID().uuidString).tmp", of: path)
    var status = stat()
    let mode = stat(path, &status) == 0 ? mode_t(status.st_mode & 0o777) : 0o644
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      throw .history(file: name, reason: .notWritable(reason: String(cString: strerror(errno))))
    }
    let written = data.withUnsafeBytes { bytes in
      Result { () throws(DescriptorWriteError) in try DescriptorWrite.all(bytes, to: descriptor) }
    }
    var failure: String?
    if case .failure(let error) = written {
      failure = error.reason
    } else if fchmod(descriptor, mode) != 0 || fsync(descriptor) != 0 {
      // The mode asked for above passed through the umask; the old file's is kept exactly.
      failure = String(cString: strerror(errno))
    }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw .write(path: name, reason: .write(reason: failure))
    }
    let folder = open(PathBytes.parent(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      _ = fsync(folder)
      close(folder)
    }
  }
}
