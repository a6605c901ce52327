/// A zlib stream (RFC 1950: header, the project's own DEFLATE, Adler-32), written a piece at a
/// time, so the same bytes in give the same stream everywhere. PNG's image data is one.
package final class ZlibEncoder {
  private let deflater = DeflateEncoder()
  private var adler = Adler32()
  private var stream: [UInt8] = [0x78, 0x9C]  // CM 8, 32 KiB window, no dictionary, FLEVEL 2 (default).

  package init() {}

  /// Compresses `bytes` onto the stream.
  package func write(_ bytes: UnsafeRawBufferPointer) {
    adler.update(bytes)
    deflater.write(bytes)
    deflater.drain { stream.append(contentsOf: $0) }
  }

  /// Ends the stream and returns it whole.
  package func finish() -> [UInt8] {
    deflater.finish()
    deflater.drain { stream.append(contentsOf: $0) }
    let value = adler.value
    stream += [
      UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
      UInt8(truncatingIfNeeded: value),
    ]
    return stream
  }
}
