/// Where an ``ArchiveWriter`` reads a file's contents from, one chunk at a time, so a file of any
/// size is archived in the same small memory.
package protocol ArchiveByteSource {
  /// Fills `buffer` from its start with the next bytes and returns how many; 0 at the end.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveIOError) -> Int
}
