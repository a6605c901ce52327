import Foundation
import StateProofModel
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder a run writes its report into before moving it into place, named
/// `.stateproof-staging-PID-UUID`, so that a later run recognises one a crashed run left behind.
enum StagingFolder {
  static let prefix = ".stateproof-staging-"
  /// A staging folder whose process still seems alive is left alone until it is this old.
  static let staleAge: TimeInterval = 3600

  /// A fresh name for this process.
  /// Creates a new staging folder in `parent`, registered so a signal removes it, runs `body`
  /// with its path and removes it whatever happens (unless `body` moved it away).
  static func using<T>(in parent: String, _ body: (String) throws(StateProofError) -> T) throws(StateProofError) -> T {
    let staging = parent + "/" + newName()
    defer {
      InterruptCleanup.shared.unregister(staging)
      try? FileManager.default.removeItem(atPath: staging)
    }
    // Registered and created at once, so a signal finds either neither or both.
    try InterruptCleanup.shared.uninterrupted { () throws(StateProofError) in
      InterruptCleanup.shared.register(staging)
      guard mkdir(staging, 0o755) == 0 else {
        throw .write(path: staging, reason: .create(reason: String(cString: strerror(errno))))
      }
    }
    return try body(staging)
  }

  static func newName() -> String { prefix + "\(getpid())-\(UUID().uuidString)" }

  /// The process id in a staging folder's name, or nil when the name is not one.
  static func owner(ofName name: String) -> pid_t? {
    guard name.hasPrefix(prefix) else { return nil }
    let parts = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1)
    guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UUID(uuidString: String(parts[1])) != nil
    else { return nil }
    return pid
  }

  /// Removes the staging folders in `folder` that runs which never finished left behind: named
  /// like one, a real folder (not a link), not listed in `keeping`, and either its process is
  /// gone or it is older than ``staleAge``. Called with the folder's ``FolderLock`` held, so no
  /// live run is writing one; `keeping` guards evidence paths.
  static func removeStale(in folder: String, keeping: [String]) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names {
      guard let pid = owner(ofName: name) else { continue }
      let path = folder + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR,
        !keeping.contains(where: { PathBytes.isSame($0, orInside: path) })
      else { continue }
      let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
      let age = modified.map { -$0.timeIntervalSinceNow } ?? 0
      if !isAlive(pid) || pid == getpid() || age > staleAge {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
  }

  /// Whether a process with this id runs (as far as this host can tell).
  private static func isAlive(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
}
