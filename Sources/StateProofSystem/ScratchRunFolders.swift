import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This process's run folder in each private folder it used (``ScratchFolder``), with its `lock`
/// file's descriptor, held locked and open until the process ends; at a normal exit the folders
/// go, and after any other end a later run's ``ScratchFolder/removeStale(keeping:in:)`` takes them.
final class ScratchRunFolders: @unchecked Sendable {
  static let shared = ScratchRunFolders()

  /// Guards `held` and `removesAtExit`.
  private let lock = NSLock()
  /// By private folder: the run folder and its locked `lock` file's descriptor.
  private var held: [String: (path: String, descriptor: Int32)] = [:]
  private var removesAtExit = false

  private init() {}

  /// The run folders this process holds.
  var paths: Set<String> {
    lock.lock()
    defer { lock.unlock() }
    return Set(held.values.map(\.path))
  }

  /// This process's run folder in `parent`, made and locked when it has none there, or when its
  /// own was taken away (a cleaner of `$TMPDIR` removed it).
  func folder(in parent: String) throws(ScratchFolderError) -> String {
    lock.lock()
    defer { lock.unlock() }
    if let run = held[parent] {
      if Self.stillHolds(run.path, by: run.descriptor) { return run.path }
      close(run.descriptor)
      held[parent] = nil
    }
    // A run's cleanup may open a new lock file and take it before this run does: then it removes
    // that folder, and this run makes another.
    for _ in 0..<3 {
      let path = parent + "/" + ScratchFolder.runPrefix + UUID().uuidString
      guard mkdir(path, 0o700) == 0 else {
        throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
      }
      let lockPath = path + "/" + ScratchFolder.lockName
      let descriptor = open(lockPath, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else {
        let reason = String(cString: strerror(errno))
        rmdir(path)
        throw .cannotCreate(path: lockPath, reason: reason)
      }
      // On a file system without `flock` the folder is used unlocked: no run can take its lock,
      // so none removes it.
      let taken = flock(descriptor, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK
      guard taken, Self.stillHolds(path, by: descriptor) else {
        close(descriptor)
        continue
      }
      held[parent] = (path, descriptor)
      if !removesAtExit {
        removesAtExit = true
        atexit { ScratchRunFolders.shared.removeAll() }
      }
      return path
    }
    throw .cannotCreate(
      path: parent + "/" + ScratchFolder.runPrefix + "…", reason: "another run removed each new one at once")
  }

  /// Whether `run`'s `lock` file is still the one `descriptor` holds (not removed, not replaced).
  private static func stillHolds(_ run: String, by descriptor: Int32) -> Bool {
    var onDisk = stat()
    var held = stat()
    return lstat(run + "/" + ScratchFolder.lockName, &onDisk) == 0 && fstat(descriptor, &held) == 0
      && onDisk.st_dev == held.st_dev && onDisk.st_ino == held.st_ino
  }

  /// Removes this process's run folders, releasing their locks: at exit, when nothing uses them.
  private func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    for run in held.values {
      try? FileManager.default.removeItem(atPath: run.path)
      close(run.descriptor)
    }
    held = [:]
  }
}
