/// Where a reader gets its bytes from, one chunk at a time, so a large file never has to sit in
/// memory whole: the JSON pull parser and the archive writer both read through it.
public protocol ByteSource {
  /// Fills `buffer` from its start with the next bytes and returns how many; 0 at the end.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int
}
