import StateProofArchive
import StateProofDiscover
import StateProofModel

/// A file read into an archive and hashed on the way, so what was packed can be held to the
/// SHA-256 the report recorded for it.
struct HashingSource: ArchiveByteSource {
  let file: RegularFile
  let hasher = SHA256()

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveIOError) -> Int {
    switch file.read(into: buffer) {
    case .success(let count):
      hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      return count
    case .failure(let error): throw ArchiveIOError(reason: error.description)
    }
  }
}
