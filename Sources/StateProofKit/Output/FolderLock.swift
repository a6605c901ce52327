import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on a folder, held while a run writes a report into it or beside it, so
/// runs to one `--out` take turns instead of tripping over each other's half-written folder. It
/// needs no lock file (nothing is left behind) and orders StateProof runs only. On a file system
/// without `flock` (some NFS setups) the run goes ahead unlocked.
final class FolderLock {
  private let descriptor: Int32
  /// How long a run waits for another one writing to the same place before it gives up.
  static let patience: TimeInterval = 300

  /// Waits until no other run holds the lock on `folder`.
  init(_ folder: String) throws(StateProofError) {
    descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .write(path: folder, reason: .open(name: nil, reason: String(cString: strerror(errno))))
    }
    let deadline = Date().addingTimeInterval(Self.patience)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR else { return }
      guard Date() < deadline else {
        close(descriptor)
        throw .outputFolder(path: folder, reason: .busy(seconds: Int(Self.patience)))
      }
      usleep(20_000)
    }
  }

  deinit {
    // Closing the descriptor releases the lock.
    close(descriptor)
  }
}
