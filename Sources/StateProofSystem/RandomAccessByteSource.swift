/// Bytes read at any offset, for a format whose index sits at its end (a zip's central
/// directory): the reader seeks to what it needs instead of streaming or loading the whole file.
public protocol RandomAccessByteSource {
  /// How many bytes there are in all.
  var size: Int { get }
  /// Fills `buffer` from its start with the bytes from `offset` on and returns how many; fewer
  /// only at the end (0 at or past it).
  func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int
}
