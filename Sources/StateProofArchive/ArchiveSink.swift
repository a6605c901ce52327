/// Where an ``ArchiveWriter`` puts the compressed archive, a chunk at a time (never more than a
/// few hundred KiB), so the caller decides how it reaches the disk: a staged file renamed into
/// place, a pipe, memory.
package protocol ArchiveSink {
  /// Takes every byte of `bytes`, which are only valid during the call.
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(ArchiveIOError)
}
