import Foundation
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Copies a screenshot into the report, hashing the bytes as they are copied. The report names
/// and shows each image by the SHA-256 read earlier; a file that changed since then would land in
/// `assets/` under a hash it does not have, so the copy is refused and the run ends with an error.
enum HashedCopy {
  private static let chunk = 1 << 20

  static func copy(_ source: URL, to path: String, expecting sha256: String) throws(StateProofError) {
    // Non-blocking, so a pipe put in the screenshot's place cannot stall the run.
    let input = open(source.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard input >= 0 else { throw failure(source, String(cString: strerror(errno))) }
    defer { close(input) }
    var status = stat()
    guard fstat(input, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      throw failure(source, "it is no longer a regular file")
    }
    let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard output >= 0 else {
      throw .write(path: path, reason: .create(reason: String(cString: strerror(errno))))
    }
    defer { close(output) }
    let writer = DescriptorWriter(descriptor: output, name: path)
    let hasher = SHA256()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = read(input, buffer.baseAddress, chunk)
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(source, String(cString: strerror(errno)))
      }
      if count == 0 { break }
      let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
      hasher.update(bytes)
      try writer.write(bytes)
    }
    guard let copied = hasher.finalize() else {
      throw failure(source, "the crypto library failed to compute its SHA-256")
    }
    guard copied == sha256 else {
      throw .write(path: source.path, reason: .screenshotChanged(whenRead: sha256, whenCopied: copied))
    }
  }

  private static func failure(_ source: URL, _ reason: String) -> StateProofError {
    .write(path: source.path, reason: .copyScreenshot(reason: reason))
  }
}
