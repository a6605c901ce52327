import Foundation
import StateProofDiscover
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks the evidence paths a run was given before anything is read or written: each must be
/// there and be a folder it can list or a file it can open (other kinds of file are left to
/// discovery, which lists them as not evidence).
enum EvidencePaths {
  static func check(_ paths: [String]) throws(StateProofError) {
    for path in paths {
      guard !path.isEmpty else { throw .missingEvidence(path: path, reason: .empty) }
      var status = stat()
      guard stat(path, &status) == 0 else {
        let code = errno
        if code == ENOENT || code == ENOTDIR {
          throw .missingEvidence(path: path, reason: .notFound(nearest: nearest(to: path)))
        }
        throw .missingEvidence(path: path, reason: .unreadable(reason: String(cString: strerror(code))))
      }
      switch status.st_mode & S_IFMT {
      case S_IFDIR:
        guard let folder = opendir(path) else {
          throw .missingEvidence(path: path, reason: .unreadable(reason: String(cString: strerror(errno))))
        }
        closedir(folder)
      case S_IFREG:
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else {
          throw .missingEvidence(path: path, reason: .unreadable(reason: String(cString: strerror(errno))))
        }
        close(descriptor)
      default:
        break
      }
    }
  }

  /// The names in a missing path's folder nearest to its last part, as the path would be written
  /// with each (`evidence` for `evidnce`); none when that folder cannot be listed either.
  private static func nearest(to path: String) -> [String] {
    let name = PathBytes.lastComponent(of: path)
    guard let entries = DirectoryEntries.list(PathBytes.parent(of: path)) else { return [] }
    let prefix = path.hasSuffix("/" + name) ? String(path.dropLast(name.count)) : ""
    return NearestNames.nearest(to: name, among: entries.map(\.name)).map { prefix + $0 }
  }
}
