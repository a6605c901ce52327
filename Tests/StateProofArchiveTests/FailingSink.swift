import StateProofArchive

/// A sink that takes `capacity` bytes, then fails as a full disk does.
struct FailingSink: ArchiveSink {
  var capacity: Int

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(ArchiveIOError) {
    guard bytes.count <= capacity else { throw ArchiveIOError(reason: "No space left on device") }
    capacity -= bytes.count
  }
}
