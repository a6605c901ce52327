import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A result bundle's files, and the digest its record carries, so a bundle is cited by SHA-256
/// like any evidence file and `verify` catches a change to any of its bytes.
///
/// The digest is the SHA-256 of what `sha256sum` prints for every regular file under the bundle,
/// in the order of their paths' bytes, with paths relative to it; inside the bundle, with GNU
/// tools, `find . -type f -printf '%P\n' | LC_ALL=C sort | xargs -d '\n' sha256sum | sha256sum`
/// gives it.
package enum ResultBundleTree {
  /// Why a bundle's files cannot all be listed, or hashed.
  package enum Problem: Error, Equatable {
    /// An entry that is not a regular file or folder (a link may lead outside the evidence).
    case notRegular(path: String)
    /// A name `sha256sum` would not print as it is: not UTF-8, or holding `\`, a line break or
    /// a carriage return.
    case name(path: String)
    case unreadable(path: String, reason: String)

    /// Why, in words, for the file at the path it names.
    package var reason: String {
      switch self {
      case .notRegular: "it is a link or a special file, not a regular file"
      case .name: "its name is not valid UTF-8 or holds a backslash or a line break"
      case .unreadable(_, let reason): reason
      }
    }

    /// The path under the bundle's folder it concerns.
    package var path: String {
      switch self {
      case .notRegular(let path), .name(let path), .unreadable(let path, _): path
      }
    }
  }

  /// Every regular file under `folder`, relative to it, in the order of their paths' bytes.
  package static func files(in folder: String) -> Result<[String], Problem> {
    var files: [String] = []
    var folders: [String] = [""]
    while let relative = folders.popLast() {
      guard let entries = DirectoryEntries.list(relative.isEmpty ? folder : folder + "/" + relative) else {
        return .failure(.unreadable(path: relative, reason: "the folder cannot be listed"))
      }
      for entry in entries {
        let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
        guard entry.isUTF8, !entry.name.utf8.contains(where: { $0 == 0x5C || $0 == 0x0A || $0 == 0x0D }) else {
          return .failure(.name(path: path))
        }
        var status = stat()
        guard lstat(folder + "/" + path, &status) == 0 else {
          return .failure(.unreadable(path: path, reason: String(cString: strerror(errno))))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: files.append(path)
        case S_IFDIR: folders.append(path)
        default: return .failure(.notRegular(path: path))
        }
      }
    }
    return .success(files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
  }

  /// Adds one file's line, as `sha256sum` prints it, to a bundle's `digest`.
  package static func add(path: String, sha256: String, to digest: SHA256) {
    digest.addSumsLine(sha256: sha256, path: path)
  }

  /// The bundle's digest and its files' total size, reading every file.
  package static func digest(of folder: String) -> Result<(bytes: Int, sha256: String), Problem> {
    let files: [String]
    switch Self.files(in: folder) {
    case .success(let listed): files = listed
    case .failure(let problem): return .failure(problem)
    }
    let digest = SHA256()
    var bytes = 0
    for path in files {
      switch SHA256.file(at: folder + "/" + path) {
      case .success(let file):
        bytes += file.bytes
        add(path: path, sha256: file.sha256, to: digest)
      case .failure(let error):
        return .failure(.unreadable(path: path, reason: "\(error)"))
      }
    }
    guard let sha256 = digest.finalize() else {
      return .failure(.unreadable(path: "", reason: "the crypto library failed to compute its SHA-256"))
    }
    return .success((bytes, sha256))
  }
}
