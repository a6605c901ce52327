import StateProofSystem

/// One range of a ``RandomAccessByteSource`` as a ``ByteSource``: an entry's compressed bytes,
/// streamed to the inflater without reading past them.
struct ZipRangeSource: ByteSource {
  let source: any RandomAccessByteSource
  private(set) var position: Int
  let end: Int

  init(_ source: any RandomAccessByteSource, _ range: Range<Int>) {
    self.source = source
    position = range.lowerBound
    end = range.upperBound
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
    let wanted = min(buffer.count, end - position)
    guard wanted > 0 else { return 0 }
    let count = try source.read(at: position, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
    position += count
    return count
  }
}
