import StateProofSystem

/// The gzip member (RFC 1952) around the DEFLATE stream, with every field that could vary fixed:
/// no file name, MTIME 0, XFL 0, OS 255 ("unknown"), and only the comment the caller gives (so
/// its own archives can be told apart from a file it must not overwrite). The trailer carries
/// the CRC-32 and the length (modulo 2^32) of the uncompressed bytes.
struct GzipStream<Sink: ArchiveSink> {
  private var sink: Sink
  private let deflater = DeflateEncoder()
  private var checksum = CRC32()
  private var length: UInt32 = 0

  init(sink: Sink, comment: String? = nil) throws(ArchiveError) {
    self.sink = sink
    try send(Self.header(comment: comment))
  }

  /// The member's first bytes: with `comment` (Latin-1 text with no NUL, as RFC 1952 asks; ASCII
  /// here), the FCOMMENT flag and the comment ended by a zero byte.
  static func header(comment: String?) -> [UInt8] {
    guard let comment else { return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255] }
    precondition(comment.utf8.allSatisfy { (0x20...0x7E).contains($0) }, "a gzip comment here is printable ASCII")
    return [0x1F, 0x8B, 8, 0x10, 0, 0, 0, 0, 0, 255] + Array(comment.utf8) + [0]
  }

  /// Compresses `bytes`, handing them to the encoder 64 KiB at a time and passing on what it
  /// produced after each, so the output waiting in memory stays small.
  mutating func write(_ bytes: ArraySlice<UInt8>) throws(ArchiveError) {
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = min(start + (1 << 16), bytes.endIndex)
      bytes[start..<end].withUnsafeBytes { raw in
        checksum.update(raw)
        deflater.write(raw)
      }
      length &+= UInt32(truncatingIfNeeded: end - start)
      try drain()
      start = end
    }
  }

  /// Ends the stream and gives the sink back.
  mutating func finish() throws(ArchiveError) -> Sink {
    deflater.finish()
    try drain()
    try send(
      [checksum.value, length].flatMap { value in
        stride(from: 0, to: 32, by: 8).map { UInt8(truncatingIfNeeded: value >> $0) }
      })
    return sink
  }

  private mutating func drain() throws(ArchiveError) {
    do {
      try deflater.drain { (bytes) throws(ArchiveIOError) in try sink.write(bytes) }
    } catch {
      throw .cannotWrite(reason: error.reason)
    }
  }

  private mutating func send(_ bytes: [UInt8]) throws(ArchiveError) {
    let result = bytes.withUnsafeBytes { raw in Result { () throws(ArchiveIOError) in try sink.write(raw) } }
    if case .failure(let error) = result { throw .cannotWrite(reason: error.reason) }
  }
}
