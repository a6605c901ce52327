import StateProofArchive

/// A sink that keeps the archive in memory, for inspection; a class, so the test can still look
/// at what arrived after the writer that holds it gave up.
final class CollectedBytes: ArchiveSink {
  var bytes: [UInt8] = []
  /// How many chunks the writer handed over, and the largest.
  var chunks = 0
  var largestChunk = 0

  func write(_ bytes: UnsafeRawBufferPointer) throws(ArchiveIOError) {
    self.bytes.append(contentsOf: bytes)
    chunks += 1
    largestChunk = max(largestChunk, bytes.count)
  }
}
