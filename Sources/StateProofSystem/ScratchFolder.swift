import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// StateProof's temporary folders. They all live in one folder of this user's own,
/// `$TMPDIR/stateproof-scratch-<uid>` (mode 0700, used only when it is a real folder this user
/// owns, never a link), each in the folder of the run that made it, `run-<uuid>`, whose `lock`
/// file that run holds an exclusive `flock` on for as long as it lives.
///
/// The kernel drops the lock when the process ends, however it ends (an OOM kill, a CI timeout),
/// and a lock means the same to every process sharing the file system, in any PID namespace (a
/// container sharing `$TMPDIR`), where a process id would not. So a later run removes exactly the
/// run folders whose lock it can take: nothing else in the private folder, nothing outside it,
/// never an evidence path.
package enum ScratchFolder {
  /// The private folder's name, before the user's id.
  package static let parentPrefix = "stateproof-scratch-"
  /// The start of a run folder's name.
  package static let runPrefix = "run-"
  /// The file in a run folder that its live run holds locked.
  package static let lockName = "lock"

  /// `base/stateproof-scratch-<uid>`: where this user's runs keep their temporary folders.
  package static func privateParent(in base: URL = FileManager.default.temporaryDirectory) -> String {
    base.appendingPathComponent(parentPrefix + String(geteuid())).path
  }

  /// Makes a new folder, `<purpose>-<uuid>`, readable by this user only, in this run's folder
  /// (made and locked the first time). The caller removes it when done with it.
  package static func make(_ purpose: String, in base: URL = FileManager.default.temporaryDirectory)
    throws(ScratchFolderError) -> URL
  {
    let parent = privateParent(in: base)
    _ = try checkPrivate(parent, create: true)
    let run = try ScratchRunFolders.shared.folder(in: parent)
    let folder = run + "/" + purpose + "-" + UUID().uuidString
    guard mkdir(folder, 0o700) == 0 else {
      throw .cannotCreate(path: folder, reason: String(cString: strerror(errno)))
    }
    return URL(fileURLWithPath: folder, isDirectory: true)
  }

  /// Removes the run folders in this user's private folder under `base` whose run has ended
  /// (their lock could be taken), and returns their paths. A folder that is an `evidence` path,
  /// holds one or lies inside one stays; so does one without its lock file, and everything
  /// when the private folder is not this user's own.
  @discardableResult
  package static func removeStale(keeping evidence: [String], in base: URL = FileManager.default.temporaryDirectory)
    -> [String]
  {
    let parent = privateParent(in: base)
    guard (try? checkPrivate(parent, create: false)) == true,
      let names = try? FileManager.default.contentsOfDirectory(atPath: parent)
    else { return [] }
    let resolvedParent = resolved(parent)
    let kept = evidence.map(resolved)
    let own = ScratchRunFolders.shared.paths
    var removed: [String] = []
    for name in names.sorted() where name.hasPrefix(runPrefix) {
      let folder = parent + "/" + name
      let resolvedFolder = resolvedParent + "/" + name
      let isEvidence = kept.contains {
        PathBytes.isSame(resolvedFolder, orInside: $0) || PathBytes.isSame($0, orInside: resolvedFolder)
      }
      var status = stat()
      guard !own.contains(folder), !isEvidence, lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
        status.st_uid == geteuid()
      else { continue }
      let descriptor = open(folder + "/" + lockName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      // Held: its run lives, in whatever PID namespace. Taken: it is this run's to remove.
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
      if (try? FileManager.default.removeItem(atPath: folder)) != nil { removed.append(folder) }
    }
    return removed
  }

  /// Checks that `path` is a folder of this user's own, not a link, and leaves it mode 0700;
  /// with `create`, makes it first when absent. False when absent and not to be made.
  private static func checkPrivate(_ path: String, create: Bool) throws(ScratchFolderError) -> Bool {
    if create, mkdir(path, 0o700) != 0, errno != EEXIST {
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      var status = stat()
      let exists = lstat(path, &status) == 0
      if !exists, code == ENOENT, !create { return false }
      if exists, status.st_mode & S_IFMT == S_IFLNK { throw .notPrivate(path: path, reason: "a symbolic link") }
      if exists, status.st_mode & S_IFMT != S_IFDIR { throw .notPrivate(path: path, reason: "not a folder") }
      throw .cannotCreate(path: path, reason: String(cString: strerror(code)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    guard status.st_uid == geteuid() else {
      throw .notPrivate(path: path, reason: "owned by user \(status.st_uid), not by this user (\(geteuid()))")
    }
    if status.st_mode & 0o077 != 0, fchmod(descriptor, 0o700) != 0 {
      throw .notPrivate(path: path, reason: "open to other users, and its mode could not be set to 0700")
    }
    return true
  }

  /// `path` with every link resolved, or as given when it cannot be.
  private static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }
}
