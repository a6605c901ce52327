import StateProofModel

/// An opened file as an ``ArchiveByteSource``, read from where its descriptor stands.
package struct RegularFileSource: ArchiveByteSource {
  package let file: RegularFile

  package init(_ file: RegularFile) {
    self.file = file
  }

  package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveIOError) -> Int {
    switch file.read(into: buffer) {
    case .success(let count): return count
    case .failure(.cannotRead(let reason)), .failure(.cannotOpen(let reason)): throw ArchiveIOError(reason: reason)
    case .failure(let error): throw ArchiveIOError(reason: error.description)
    }
  }
}
