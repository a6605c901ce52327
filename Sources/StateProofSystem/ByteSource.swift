/// Where a ``JSONPullParser`` gets its bytes from, one chunk at a time, so a large document
/// never has to sit in memory whole.
public protocol JSONByteSource {
  /// Fills `buffer` from its start with the next bytes and returns how many; 0 at the end.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONSourceError) -> Int
}
