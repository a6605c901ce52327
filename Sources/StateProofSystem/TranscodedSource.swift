/// A ``ByteSource`` that hands on another's text as UTF-8 (``TextTranscoder``): the JSON
/// evidence readers pull a UTF-16 file through it the way they pull a UTF-8 one, a chunk at a
/// time. A UTF-16 text cut inside a character ends in a ``ByteSourceError`` saying so.
package struct TranscodedSource<Source: ByteSource>: ByteSource {
  private var source: Source
  private var transcoder = TextTranscoder()
  /// Raw bytes read from `source`, one chunk at a time.
  private var raw = [UInt8](repeating: 0, count: 64 << 10)
  /// UTF-8 made and not yet handed on, from `offset`.
  private var pending: [UInt8] = []
  private var offset = 0
  private var ended = false

  package init(_ source: Source) {
    self.source = source
  }

  package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
    while offset == pending.count {
      if ended || buffer.isEmpty { return 0 }
      var made = pending
      made.removeAll(keepingCapacity: true)
      pending = []
      offset = 0
      var chunk = raw
      raw = []
      defer {
        raw = chunk
        pending = made
      }
      let count = try chunk.withUnsafeMutableBytes { bytes in
        Result { () throws(ByteSourceError) in try source.read(into: bytes) }
      }.get()
      if count == 0 {
        ended = true
        if let problem = transcoder.finish({ made.append(contentsOf: $0) }) {
          throw ByteSourceError(reason: "\(problem)")
        }
      } else {
        chunk.withUnsafeBytes { bytes in
          transcoder.feed(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { made.append(contentsOf: $0) }
        }
      }
    }
    let count = min(buffer.count, pending.count - offset)
    pending.withUnsafeBytes { bytes in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
    }
    offset += count
    return count
  }
}
