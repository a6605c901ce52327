import StateProofArchive
import StateProofModel
import StateProofSystem

/// A file read into an archive and hashed on the way, so what was packed can be held to the
/// SHA-256 the report recorded for it.
struct HashingSource: ByteSource {
  let file: RegularFile
  let hasher = SHA256()

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
    switch file.read(into: buffer) {
    case .success(let count):
      hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      return count
    case .failure(let error): throw ByteSourceError(reason: error.description)
    }
  }
}
