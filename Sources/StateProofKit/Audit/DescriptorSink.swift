import StateProofArchive

/// An archive written to a file descriptor through ``DescriptorWriter`` (whole writes, `EINTR`
/// retried, a full disk reported).
struct DescriptorSink: ArchiveSink {
  let writer: DescriptorWriter

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(ArchiveIOError) {
    do {
      try writer.write(bytes)
    } catch {
      throw ArchiveIOError(reason: error.description)
    }
  }
}
