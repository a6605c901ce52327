import Foundation
import StateProofModel
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths as the file system resolves them, every link followed, also for a path whose last
/// components do not exist yet: `link/report`, where `link` points into evidence, is resolved
/// through `link` (Foundation's `resolvingSymlinksInPath` leaves such a path as it is).
package enum RealPath {
  /// The absolute path `path` (relative to the working folder) leads to. Components that do not
  /// exist are appended to the resolved folder they would be in. Throws the reason when a
  /// component is a link that leads nowhere, a loop, or cannot be looked at.
  package static func resolve(_ path: String) throws(PathProblem) -> String {
    let absolute =
      path.utf8.first == UInt8(ascii: "/")
      ? path : FileManager.default.currentDirectoryPath + "/" + path
    return try resolveAbsolute(absolute)
  }

  private static func resolveAbsolute(_ path: String) throws(PathProblem) -> String {
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    let code = errno
    guard code == ENOENT else { throw .system(path: path, reason: String(cString: strerror(code))) }
    var parts = PathBytes.components(path)
    while parts.count > 1, parts.last == "" { parts.removeLast() }
    let leaf = parts.removeLast()
    var status = stat()
    if lstat(path, &status) == 0 {
      throw .danglingLink(path: path)
    }
    // Only a missing leaf gets here: a missing folder further up is resolved the same way first.
    let parent = try resolveAbsolute(parts.count <= 1 ? "/" : parts.joined(separator: "/"))
    switch leaf {
    case "", ".": return parent
    case "..": return PathBytes.parent(of: parent)
    default: return parent == "/" ? "/" + leaf : parent + "/" + leaf
    }
  }
}
