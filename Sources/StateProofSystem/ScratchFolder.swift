import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// StateProof's private temporary folders (`$TMPDIR/stateproof-<purpose>-<uuid>`), each carrying
/// a marker that names the process owning it, so a run killed before it could clean up (an OOM
/// kill, a CI timeout) leaves nothing for long: the next run removes the folders whose owner is
/// gone. Folders without the marker, or of another user, are never touched.
package enum ScratchFolder {
  /// The marker file's name; it holds the owner's process id.
  package static let markerName = ".stateproof-owner"
  /// The start of every such folder's name.
  package static let prefix = "stateproof-"

  /// Makes a new folder, readable by this user only, with its marker; nil when it cannot.
  package static func make(_ purpose: String, in parent: URL = FileManager.default.temporaryDirectory) -> URL? {
    let folder = parent.appendingPathComponent("\(prefix)\(purpose)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      try Data("\(getpid())\n".utf8).write(to: folder.appendingPathComponent(markerName))
    } catch {
      try? FileManager.default.removeItem(at: folder)
      return nil
    }
    return folder
  }

  /// Removes the marked folders in `parent` whose owning process no longer runs; returns their
  /// paths. A folder whose marker is missing, unreadable, or names a live process stays.
  @discardableResult
  package static func removeStale(in parent: URL = FileManager.default.temporaryDirectory) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return [] }
    var removed: [String] = []
    for name in names.sorted() where name.hasPrefix(prefix) {
      let folder = parent.appendingPathComponent(name).path
      var status = stat()
      guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else { continue }
      guard let owner = owner(of: folder), owner != getpid(), !isRunning(owner) else { continue }
      if (try? FileManager.default.removeItem(atPath: folder)) != nil { removed.append(folder) }
    }
    return removed
  }

  /// The process id a folder's marker names, when it is a regular file holding one.
  private static func owner(of folder: String) -> pid_t? {
    let marker = folder + "/" + markerName
    var status = stat()
    guard lstat(marker, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size < 64,
      let text = try? String(contentsOfFile: marker, encoding: .utf8),
      let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
    else { return nil }
    return pid
  }

  /// Whether a process of this id exists (one of another user's counts as running).
  private static func isRunning(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
  }
}
